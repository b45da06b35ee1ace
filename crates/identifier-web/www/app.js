// The inspector page: what the Rust functions (wasm_bindgen.*) answer, shown. Every fact about
// an id (its format, fields, bits, layouts, plausibility) comes from Rust; this file only draws.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const rust = wasm_bindgen;
  const input = $("ids");
  const layoutChoice = $("layout");
  const results = $("results");
  const status = $("status");
  let renders = 0;
  let pending = false;

  // An element with its class and children (strings become text, never markup).
  function el(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  // ---- The fragment: the ids (and a chosen layout) of a shareable link.

  function readFragment() {
    const hash = location.hash.slice(1);
    if (!hash) return false;
    const [ids, ...params] = hash.split("&");
    const decode = (text) => {
      try { return decodeURIComponent(text); } catch { return text; }
    };
    input.value = ids.split(",").map(decode).filter((id) => id !== "").join("\n");
    const layout = params.find((param) => param.startsWith("layout="));
    layoutChoice.value = layout ? decode(layout.slice("layout=".length)) : "";
    if (layoutChoice.selectedIndex < 0) layoutChoice.value = "";
    return true;
  }

  function writeFragment() {
    const ids = JSON.parse(rust.id_list(input.value));
    let hash = ids.map(encodeURIComponent).join(",");
    if (layoutChoice.value) hash += "&layout=" + encodeURIComponent(layoutChoice.value);
    const url = hash ? "#" + hash : location.pathname + location.search;
    if (("#" + hash) !== location.hash) history.replaceState(null, "", url);
  }

  // ---- Results.

  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  const UNITS = [["year", 31556952000], ["month", 2629746000], ["day", 86400000],
    ["hour", 3600000], ["minute", 60000], ["second", 1000]];

  function ago(ms, now) {
    const difference = ms - now;
    for (const [unit, size] of UNITS) {
      if (Math.abs(difference) >= size || unit === "second") {
        return relative.format(Math.round(difference / size), unit);
      }
    }
    return "";
  }

  // The UTC timestamp from Rust, then the viewer's local time and how long ago, where a
  // JavaScript Date can hold the instant.
  function when(view, now) {
    const timestamp = view.fields.find((field) => field.name === "timestamp");
    if (!timestamp) return null;
    const parts = [el("span", "utc", timestamp.text + " (UTC)")];
    const date = new Date(view.time_ms);
    if (view.time_ms !== null && !Number.isNaN(date.getTime())) {
      const local = date.toLocaleString(undefined, { dateStyle: "full", timeStyle: "long" });
      parts.push(" · ", el("span", "local", local), " · ", el("span", "ago", ago(view.time_ms, now)));
    }
    return el("p", "when", ...parts);
  }

  function fields(view) {
    const list = el("dl", "fields");
    for (const field of view.fields) {
      const value = el("dd", null, el("code", null, field.text));
      if (field.remark) value.append(" ", el("small", null, "(" + field.remark + ")"));
      list.append(el("dt", null, field.name), value);
    }
    return list;
  }

  // The picture of the bits: drawn when the result scrolls into view, so that a paste of
  // thousands of ids builds only what is seen.
  const drawWhenSeen = "IntersectionObserver" in window
    ? new IntersectionObserver((entries, observer) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          drawBits(entry.target);
        }
      }
    }, { rootMargin: "400px" })
    : null;

  function bitsPlaceholder(bits) {
    const box = el("div", "bits");
    box.bits = bits;
    const fieldsText = bits.segments
      .map((s) => `${s.name} ${s.width} bit${s.width === 1 ? "" : "s"} (${s.offset + s.width - 1}–${s.offset})`)
      .join(", ");
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", `${bits.size} bits, high to low: ${fieldsText}`);
    box.dataset.size = String(bits.size);
    if (drawWhenSeen) drawWhenSeen.observe(box); else drawBits(box);
    return box;
  }

  function drawBits(box) {
    const bits = box.bits;
    if (!bits || box.dataset.drawn) return;
    box.dataset.drawn = "1";
    box.style.setProperty("--n", String(bits.size));
    const cells = el("div", "cells");
    const labels = el("div", "labels");
    const legend = el("ul", "legend");
    let position = 0;
    for (const segment of bits.segments) {
      const kind = "k-" + segment.kind;
      for (let i = 0; i < segment.width; i++) {
        const bit = bits.binary[position + i];
        cells.append(el("span", bit === "1" ? kind + " one" : kind, bit));
      }
      const label = el("span", kind, segment.name);
      label.style.gridColumn = `${position + 1} / span ${segment.width}`;
      label.title = `${segment.name}: ${segment.width} bits, ${segment.hex}`;
      labels.append(label);
      legend.append(el("li", null, el("i", kind), `${segment.name} `,
        el("small", null, `bits ${segment.offset + segment.width - 1}–${segment.offset} · ${segment.hex}`)));
      position += segment.width;
    }
    cells.setAttribute("aria-hidden", "true");
    labels.setAttribute("aria-hidden", "true");
    box.replaceChildren(cells, labels, legend);
  }

  function readings(view) {
    const list = el("ol", "readings");
    for (const reading of view.readings) {
      const item = el("li", reading.plausible ? "plausible" : "implausible");
      if (reading.chosen) item.classList.add("chosen");
      item.append(el("b", null, reading.layout), " ", el("code", null, reading.timestamp),
        reading.plausible ? " plausible" : " not plausible (before its generator, or in the future)");
      if (!reading.chosen) {
        const read = el("button", "link", `read as ${reading.layout}`);
        read.type = "button";
        read.addEventListener("click", () => {
          layoutChoice.value = reading.layout;
          update();
          layoutChoice.focus();
        });
        item.append(" · ", read);
      }
      list.append(item);
    }
    return el("div", null, el("p", null, "Its date under each known layout, plausible ones first:"), list);
  }

  function rejected(view) {
    const parts = [];
    const closest = view.closest;
    const head = el("p", "error");
    if (closest) {
      head.append(`Not an identifier. Closest: ${closest.format}: ${closest.message}`);
      if (closest.index !== null) parts.push(marked(view.id, closest.index));
    } else {
      head.append("Not an identifier: no format has this shape.");
    }
    parts.unshift(head);
    const reasons = el("ul", "reasons");
    for (const reason of view.reasons) {
      reasons.append(el("li", null, el("b", null, reason.format), ": ", reason.message));
    }
    parts.push(el("p", null, "Each format's reason:"), reasons);
    return parts;
  }

  // The id with the character at byte `index` (of its UTF-8) marked.
  function marked(id, index) {
    const bytes = new TextEncoder().encode(id);
    const decoder = new TextDecoder();
    const before = decoder.decode(bytes.slice(0, index));
    const rest = id.slice(before.length);
    const character = String.fromCodePoint(rest.codePointAt(0) ?? 0x20);
    return el("p", null, "Here: ", el("code", null, before, el("mark", null, character),
      rest.slice(character.length)));
  }

  function card(view, now) {
    const ok = view.format !== undefined;
    const article = el("article", ok ? "result ok" : "result bad");
    // The command's JSON line for this id, as Rust wrote it: never parsed here.
    article.dataset.json = view.json;
    article.dataset.line = String(view.line);
    const title = el("h3", null, el("code", "id", view.id), el("span", "format", ok ? view.format : "not an identifier"),
      el("small", null, `line ${view.line}`));
    article.append(title);
    if (ok) {
      article.append(...[when(view, now), view.bits ? bitsPlaceholder(view.bits) : null, fields(view),
        view.readings ? readings(view) : null].filter(Boolean));
    } else {
      article.append(...rejected(view));
    }
    return article;
  }

  function render() {
    pending = false;
    performance.mark("render-start");
    const now = Date.now();
    const answer = JSON.parse(rust.inspect(input.value, layoutChoice.value, now));
    const views = answer.ids ?? [];
    const list = document.createDocumentFragment();
    let recognized = 0;
    for (const view of views) {
      if (view.format !== undefined) recognized += 1;
      list.append(card(view, now));
    }
    results.replaceChildren(list);
    renders += 1;
    results.dataset.renders = String(renders);
    results.dataset.count = String(views.length);
    if (answer.error) {
      status.textContent = answer.error;
    } else if (views.length === 0) {
      status.textContent = "Paste or type an id above.";
    } else {
      const bad = views.length - recognized;
      status.textContent = `${views.length} id${views.length === 1 ? "" : "s"}: ${recognized} recognized` +
        (bad ? `, ${bad} not` : "") + (answer.more ? `; ${answer.more} more not shown` : "");
    }
    performance.measure("render", "render-start");
    if (views.length > 0 && performance.getEntriesByName("first-result").length === 0) {
      performance.mark("first-result");
    }
  }

  // One render a frame, however fast the typing.
  function update() {
    writeFragment();
    if (!pending) {
      pending = true;
      requestAnimationFrame(render);
    }
  }

  // ---- Making ids.

  function made(make) {
    const error = $("make-error");
    try {
      const id = make();
      error.textContent = "";
      input.value = input.value.trimEnd() + (input.value.trim() ? "\n" : "") + id;
      update();
    } catch (problem) {
      error.textContent = String(problem);
    }
  }

  function number(id) {
    const value = $(id).valueAsNumber;
    return Number.isInteger(value) && value >= 0 ? value : -1;
  }

  // ---- Bounds of an instant.

  function showBounds() {
    const value = $("instant").value;
    const body = $("bounds").tBodies[0];
    const ms = value ? new Date(value).getTime() : NaN;
    if (Number.isNaN(ms)) {
      $("instant-utc").textContent = "";
      body.replaceChildren();
      return;
    }
    $("instant-utc").textContent = `${new Date(ms).toISOString()} (UTC), ${ms} ms since 1970-01-01`;
    const rows = JSON.parse(rust.bounds(ms));
    body.replaceChildren(...rows.map((row) => {
      const name = row.layout ? `${row.format} (${row.layout})` : row.format;
      const cells = row.error
        ? [el("td", null, row.error)]
        : [el("td", null, el("code", null, row.min)), el("td", null, el("code", null, row.max))];
      if (row.error) cells[0].colSpan = 2;
      return el("tr", null, el("th", null, name), ...cells);
    }));
  }

  function localInputValue(date) {
    const pad = (n, width = 2) => String(n).padStart(width, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T` +
      `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  }

  // ---- Start.

  function start() {
    layoutChoice.append(new Option("this family's, with the others' dates", ""));
    for (const layout of JSON.parse(rust.layouts())) {
      layoutChoice.append(new Option(`${layout.name}: ${layout.description}`, layout.name));
    }
    readFragment();
    input.addEventListener("input", update);
    layoutChoice.addEventListener("change", update);
    window.addEventListener("hashchange", () => {
      if (readFragment()) update();
    });
    $("make-ulid").addEventListener("click", () => made(rust.new_ulid));
    $("make-uuid7").addEventListener("click", () => made(rust.new_uuid7));
    $("make-objectid").addEventListener("click", () => made(rust.new_object_id));
    $("make-snowflake").addEventListener("click", () => made(() => rust.new_snowflake(number("worker"))));
    $("make-checksummed").addEventListener("click", () => made(() => rust.new_checksummed(number("code-length"), 4)));
    $("instant").addEventListener("input", showBounds);
    $("instant-now").addEventListener("click", () => {
      $("instant").value = localInputValue(new Date());
      showBounds();
    });
    $("instant").value = localInputValue(new Date());
    showBounds();
    render();
    document.documentElement.dataset.ready = "1";
  }

  rust({ module_or_path: "identifier_web_bg.wasm" }).then(start, (problem) => {
    status.textContent = `The inspector could not start: ${problem}`;
  });
})();
