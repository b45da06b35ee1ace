"""The type of a leased generator's ``state``: one definition, for the package and its stub."""

from typing import TypedDict


class LeaseState(TypedDict):
    """The ``state`` of a ``LeasedSnowflakeIdGenerator``, a snapshot of its lease: the leased
    ``worker_id``; its ``generation`` (incremented by every acquisition); the ``store`` (the table, with its schema or database, or the directory);
    ``floor_ms`` and ``high_water_ms``, the lowest and highest timestamps (ms since the Unix
    epoch) it may serve now; ``took_over_ahead``, whether the floor was ahead of the clock at
    the claim (a new holder starts above the database's clock by the lead of 6.666 s and the
    skew); ``lost``, whether another process took the row over, or the row is gone
    (for good); ``forked``, whether this is a child forked after the lease was acquired (the
    lease is the parent's); ``time_left_s``, the seconds until the local deadline (None once
    it has passed, the lease is lost, or in a forked child); ``last_renewal_error``, why the
    last renewal failed (None after a success); ``clock_ahead_ms``, this host's clock minus
    the database's at the last renewal; and the counts ``renewals``, ``late_renewals``
    (succeeded after failed attempts), ``failed_renewals`` and ``refused`` (calls the lease
    refused)."""

    worker_id: int
    generation: int
    store: str
    floor_ms: int
    high_water_ms: int
    took_over_ahead: bool
    lost: bool
    time_left_s: float | None
    last_renewal_error: str | None
    forked: bool
    clock_ahead_ms: int
    renewals: int
    late_renewals: int
    failed_renewals: int
    refused: int
