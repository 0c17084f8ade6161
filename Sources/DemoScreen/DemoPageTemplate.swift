import TerminalUI

/// The page `demo --html` writes, with five markers ``DemoPage`` fills in: `@LANG@`,
/// `@THEME@` (the `data-theme` attribute, or nothing to follow the viewer's colour scheme),
/// `@TITLE@`, `@NOSCRIPT@` and `@DATA@` (the JSON the script plays).
///
/// Everything is inline: styles, script, no fonts or images to fetch, so it works offline.
/// The script only shows what the JSON holds (presses, texts, captions, layouts); it never
/// types Hangul itself. Its keys and their order follow ``DemoController``. When the learner
/// tries the pad, each press is one look-up in the automaton the engine exported (its next
/// state, what it commits and erases, and the kind of change, for the caption).
///
/// The page is one screen: the title and the text to type at the top, the buttons at the
/// bottom, and between them the pads, scaled by the script to the largest size at which all
/// of them fit (from a phone to a projector at 3840×2160); nothing hides behind the buttons.
/// The text to type and the text typed are one line each, scrolled to the syllable being
/// typed, so a long text costs the page no room and each step only the cells it changes.
///
/// Over 400 lines on purpose: it is one page (HTML, CSS and the player script) that reads and
/// is checked best whole, as the browser gets it.
let pageTemplate = #"""
  <!DOCTYPE html>
  <html lang="@LANG@"@THEME@>
  <head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="dark light">
  <title>@TITLE@</title>
  <style>
  /* Dark unless the viewer prefers light or --theme chose; every text at least 4.5:1 on what
     it stands on (WCAG AA), measured by the browser tests. --mark is an accent for text, --lit
     the background of what is lit (black text on it). */
  :root, [data-theme="dark"] {
    --ink: #ffffff; --paper: #000000; --mark: #ffe600; --lit: #ffe600; --soft: #c8c8c8;
    --key: #262626; --function: #3a3a3a; --accent: #0b3d91; --more: #ff8a80; --fewer: #9cff9c;
    --hover: #222222;
  }
  @media (prefers-color-scheme: light) {
    :root:not([data-theme]) {
      --ink: #000000; --paper: #ffffff; --mark: #7a3d00; --lit: #ffd400; --soft: #4a4a4a;
      --key: #f2f2f2; --function: #d9d9d9; --accent: #0b3d91; --more: #b00020; --fewer: #005a1e;
      --hover: #e6e6e6;
    }
  }
  [data-theme="light"] {
    --ink: #000000; --paper: #ffffff; --mark: #7a3d00; --lit: #ffd400; --soft: #4a4a4a;
    --key: #f2f2f2; --function: #d9d9d9; --accent: #0b3d91; --more: #b00020; --fewer: #005a1e;
    --hover: #e6e6e6;
  }
  [data-theme="contrast"] {
    --ink: #ffffff; --paper: #000000; --mark: #ffff00; --lit: #ffff00; --soft: #ffffff;
    --key: #000000; --function: #000000; --accent: #000000; --more: #ffffff; --fewer: #ffff00;
    --hover: #000000;
  }
  /* What the back of the room reads: the caption and the text to type, then the counts and
     the buttons; from 1280×720 up they grow with the window. */
  :root {
    --big: min(40.5px + (100vh - 720px) * .02, 3.2vw);
    --medium: min(24.5px + (100vh - 720px) * .012, 1.9vw);
  }
  /* A phone on its side has no room to spare: the pads come first. */
  @media (max-height: 600px) { :root { --big: 0px; --medium: 0px; } }
  * { box-sizing: border-box; }
  html { background: var(--paper); color: var(--ink); height: 100%; }
  body {
    margin: 0; height: 100vh; height: 100dvh; display: flex; flex-direction: column;
    padding: .6em 2vw .4em; overflow: hidden;
    /* The title, the text to type and the buttons grow with the window in both directions. */
    font: clamp(13px, min(1.25vw + 4px, 2.1vh + 2px), 64px)/1.3 system-ui, "Noto Sans CJK KR",
      "Noto Sans KR", "Malgun Gothic", "Apple SD Gothic Neo", sans-serif;
  }
  h1 { font-size: 1.15em; margin: 0 0 .3em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  h2 { font-size: 1em; margin: 0 0 .3em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .counter { color: var(--mark); white-space: nowrap; }
  #top { flex: none; display: flex; align-items: flex-end; gap: .6em; margin-bottom: .4em; }
  #top[hidden] { display: none; }
  .legend { flex: none; display: flex; flex-direction: column; font-weight: bold; }
  .legend span, .cell span { line-height: 1.4; min-height: 1.4em; white-space: nowrap; }
  .legend > span, .cell .n { font-size: max(1em, var(--medium)); }
  .legend .ch-row { font-size: max(1.6em, var(--big)); line-height: 1.25; min-height: 1.25em; }
  .legend .ch-row span { font-size: .625em; line-height: 2; }
  #overview { flex: 1 1 auto; min-width: 0; display: flex; overflow: hidden; gap: .3em; position: relative; }
  .cell { flex: none; display: flex; flex-direction: column; align-items: center; width: max(2.9em, calc(var(--big) * 1.8)); }
  .cell .ch {
    font-size: max(1.6em, var(--big)); line-height: 1.25; min-height: 1.25em; min-width: 1.4em; text-align: center;
    border: .08em solid transparent; border-radius: .2em; color: var(--soft);
  }
  .cell.done .ch { color: var(--ink); }
  .cell.current .ch { background: var(--lit); color: #000; border-color: var(--ink); }
  .cell .n { font-variant-numeric: tabular-nums; }
  .cell .n.more { color: var(--more); font-weight: bold; }
  .cell .n.fewer { color: var(--fewer); font-weight: bold; }
  #stage { flex: 1 1 auto; min-height: 0; overflow: hidden; display: flex; flex-direction: column; justify-content: safe center; }
  #stage.scrolls { overflow: auto; }
  #tracks { flex: none; display: flex; flex-wrap: wrap; justify-content: center; align-items: flex-start; gap: .6em 2em; }
  .track { flex: none; width: 21em; min-width: 0; }
  .typed {
    font-size: 1.9em; line-height: 1.4; padding: .05em .3em; border: .06em solid var(--ink);
    border-radius: .2em; white-space: pre; overflow: hidden;
  }
  .typed .preedit { text-decoration: underline .1em; text-underline-offset: .15em; color: var(--mark); }
  .typed::after { content: ""; display: inline-block; width: .1em; height: 1.1em; background: var(--mark); vertical-align: -.15em; margin-left: .05em; }
  .caption { font-size: max(1.3em, var(--big)); line-height: 1.3; font-weight: bold; color: var(--mark); height: 2.6em; margin: .25em 0 .4em; overflow: hidden; }
  .caption.waiting { color: var(--soft); font-weight: normal; font-style: italic; }
  .pad { display: flex; flex-direction: column; gap: .3em; }
  .pad[hidden] { display: none; }
  #tracks.single .track { width: 38em; display: grid; grid-template-columns: minmax(0, 1fr) 20em; column-gap: 2em; align-items: start; }
  #tracks.single .track > :not(.pad) { grid-column: 1; }
  #tracks.single .pad { grid-column: 2; grid-row: 1 / span 3; }
  #tracks.single.narrow .track { width: 21em; display: block; }
  .row { display: flex; gap: .3em; }
  .key, .gap { flex: 1 1 0; min-width: 0; }
  .key {
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    height: 2.6em; border: .1em solid var(--ink); border-radius: .3em; background: var(--key);
    font: inherit; color: var(--ink); padding: 0; margin: 0; cursor: default;
    touch-action: none; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
  }
  .trying .key { cursor: pointer; }
  /* A finger needs 48 px (as phones' own keypads give it). */
  @media (max-width: 600px) { .key { height: max(2.6em, 48px); } }
  .key:hover { background: var(--key); }
  .key:focus-visible { outline: .15em solid var(--mark); outline-offset: .05em; }
  .key .label { font-size: 1.35em; font-weight: bold; line-height: 1.1; white-space: nowrap; }
  .key .small { font-size: .75em; line-height: 1.1; min-height: 1.1em; color: var(--soft); }
  .key.function { background: var(--function); }
  .key.accent { background: var(--accent); color: #ffffff; }
  .key.accent .small { color: #ffffff; }
  .key.function:hover { background: var(--function); }
  .key.accent:hover { background: var(--accent); }
  .key.down { background: var(--soft); color: var(--paper); }
  .key.down .small { color: var(--paper); }
  .key.lit, .key.lit:hover { background: var(--lit); color: #000; outline: .18em solid var(--ink); outline-offset: .06em; }
  .key.lit .small { color: #000; }
  #bar { flex: none; border-top: .1em solid var(--soft); padding: .35em 0 0; }
  #controls { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
  button {
    font: inherit; font-size: max(.9em, var(--medium)); font-weight: bold; color: var(--ink); background: var(--paper);
    border: .12em solid var(--ink); border-radius: .3em; padding: .2em .55em; cursor: pointer;
  }
  button:hover { background: var(--hover); }
  button:focus-visible { outline: .2em solid var(--mark); outline-offset: .15em; }
  #play, #mode[aria-pressed="true"], #target[aria-pressed="true"] { background: var(--lit); color: #000; min-width: 5.5em; }
  #speed { font-weight: bold; margin: 0 .2em; white-space: nowrap; }
  #status { font-weight: bold; color: var(--mark); }
  #status:empty { display: none; }
  #help { color: var(--soft); margin-left: auto; font-size: .85em; }
  .trying .watch-only, body:not(.trying) .try-only { display: none; }
  .typed.off { border-color: var(--more); }
  @media (max-width: 900px), (max-height: 500px) { #help { display: none; } }
  @media print {
    html { background: #fff; color: #000; } body { height: auto; overflow: visible; }
    #bar, #help { display: none; }
  }
  </style>
  </head>
  <body>
  <noscript><p>@NOSCRIPT@</p></noscript>
  <script type="application/json" id="demo-data">@DATA@</script>
  <script>
  "use strict";
  (function () {
    const data = JSON.parse(document.getElementById("demo-data").textContent);
    const text = data.text;
    const playback = data.playback;
    const segments = data.segments;
    const total = segments.length ? segments[segments.length - 1].firstTick + segments[segments.length - 1].ticks - 1 : 0;
    const segmentEnds = segments.map(function (s) { return s.firstTick + s.ticks - 1; });
    // The segment whose text starts at each character, or -1.
    const segmentAt = data.target.map(function () { return -1; });
    segments.forEach(function (s, index) { segmentAt[s.characters[0]] = index; });
    let speed = playback.keysPerSecond;
    let tick = 0;
    let playing = true;
    let timer = null;

    function make(tag, className, content) {
      const node = document.createElement(tag);
      if (className) node.className = className;
      if (content !== undefined) node.textContent = content;
      return node;
    }

    // MARK: - The page, built once from the data

    document.title = text.title;
    const body = document.body;
    body.appendChild(make("h1", "", text.title));

    const top = make("section", "");
    top.id = "top";
    top.setAttribute("aria-label", text.text);
    const legend = make("div", "legend");
    const textLabel = make("div", "ch-row");
    textLabel.appendChild(make("span", "", text.text));
    legend.appendChild(textLabel);
    const labels = data.tracks.length === 1
      ? [text.presses] : data.tracks.map(function (t) { return t.title; });
    labels.forEach(function (label) { legend.appendChild(make("span", "", label)); });
    top.appendChild(legend);
    const overview = make("div", "");
    overview.id = "overview";
    const cells = data.target.map(function (character) {
      const cell = make("div", "cell");
      const shown = character === " " ? "␣" : character === "\n" ? "⏎" : character;
      cell.appendChild(make("span", "ch", shown));
      cell.counts = data.tracks.map(function () { return cell.appendChild(make("span", "n", "")); });
      overview.appendChild(cell);
      return cell;
    });
    top.appendChild(overview);
    body.appendChild(top);

    const stage = make("main", "");
    stage.id = "stage";
    const tracksNode = make("div", data.tracks.length === 1 ? "single" : "");
    tracksNode.id = "tracks";
    const views = data.tracks.map(function (track, index) {
      const section = make("section", "track");
      const heading = make("h2", "", track.title + " · ");
      const counter = make("span", "counter", "");
      heading.appendChild(counter);
      section.appendChild(heading);
      const typed = make("div", "typed");
      typed.id = index === 0 ? "typed" : "typed-" + (index + 1);
      typed.setAttribute("aria-label", text.typed);
      const committed = typed.appendChild(make("span", "committed", ""));
      const preedit = typed.appendChild(make("span", "preedit", ""));
      section.appendChild(typed);
      const caption = make("p", "caption", "");
      caption.setAttribute("aria-live", "polite");
      section.appendChild(caption);
      const pads = track.layouts.map(function (layout) {
        const pad = make("div", "pad");
        pad.setAttribute("role", "group");
        pad.setAttribute("aria-label", layout.name);
        pad.keys = [];
        layout.rows.forEach(function (row) {
          const rowNode = make("div", "row");
          row.forEach(function (index) {
            if (index === null) { rowNode.appendChild(make("div", "gap")); return; }
            const key = layout.keys[index];
            const keyNode = make("button", "key " + key.style);
            keyNode.type = "button";
            keyNode.tabIndex = -1;
            // What a screen reader says: the key's letters, as the pad shows them.
            keyNode.setAttribute("aria-label", key.label + (key.small ? " " + key.small : ""));
            keyNode.style.flexGrow = String(key.width);
            keyNode.appendChild(make("span", "label", key.label));
            keyNode.appendChild(make("span", "small", key.small));
            pad.keys[index] = keyNode;
            rowNode.appendChild(keyNode);
          });
          pad.appendChild(rowNode);
        });
        pad.hidden = true;
        section.appendChild(pad);
        return pad;
      });
      tracksNode.appendChild(section);
      return {
        counter: counter, typed: typed, committed: committed, preedit: preedit, caption: caption,
        pads: pads, shownPad: -1, litKey: null, track: index
      };
    });
    stage.appendChild(tracksNode);
    body.appendChild(stage);

    const bar = make("footer", "");
    bar.id = "bar";
    const controls = make("nav", "");
    controls.id = "controls";
    controls.setAttribute("aria-label", text.speed);
    function button(id, label, action, name) {
      const node = make("button", "", label);
      node.type = "button";
      node.id = id;
      if (name) { node.setAttribute("aria-label", name); node.title = name; }
      node.addEventListener("click", action);
      controls.appendChild(node);
      return node;
    }
    const modeButton = button("mode", text.tryIt, function () { setMode(trying ? null : "free"); });
    const targetButton = button("target", text.nowYou, function () {
      setMode(aiming ? null : "target");
    });
    modeButton.setAttribute("aria-pressed", "false");
    targetButton.setAttribute("aria-pressed", "false");
    button("again", text.again, function () { go(0); }, text.againName);
    button("back", text.back, function () { go(tick - 1); }, text.backName);
    const playButton = button("play", text.play, togglePlay);
    button("forward", text.forward, function () { go(tick + 1); }, text.forwardName);
    button("next", text.nextSyllable, nextSyllable, text.nextSyllableName);
    button("slower", text.slower, function () { changeSpeed(-1); });
    const speedNode = make("output", "");
    speedNode.id = "speed";
    speedNode.setAttribute("aria-live", "polite");
    controls.appendChild(speedNode);
    button("faster", text.faster, function () { changeSpeed(1); });
    const clearButton = button("clear", text.clear, function () { startTrying(); });
    ["again", "back", "play", "forward", "next", "slower", "speed", "faster"].forEach(function (id) {
      controls.querySelector("#" + id).classList.add("watch-only");
    });
    clearButton.classList.add("try-only");
    // What the demo waits for, beside the buttons that answer it.
    const status = make("span", "");
    status.id = "status";
    status.setAttribute("aria-live", "polite");
    controls.appendChild(status);
    controls.appendChild(make("span", "", text.keysHelp)).id = "help";
    bar.appendChild(controls);
    body.appendChild(bar);

    // MARK: - Where the demo is at a tick, as DemoScript.moment works it out

    function segmentAtTick(t) {
      let low = 0, high = segments.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (segments[middle].firstTick <= t) low = middle + 1; else high = middle;
      }
      return low - 1;
    }

    function moment(t) {
      const index = t > 0 ? segmentAtTick(t) : -1;
      if (index < 0) {
        return { segment: null, shown: data.tracks.map(function () { return 0; }),
          waiting: data.tracks.map(function () { return false; }), endsSegment: false };
      }
      const s = segments[index];
      const offset = t - s.firstTick + 1;
      return {
        segment: index,
        shown: s.presses.map(function (p) { return p[0] + Math.min(offset, p[1] - p[0]); }),
        waiting: s.presses.map(function (p) { return offset > p[1] - p[0]; }),
        endsSegment: offset === s.ticks
      };
    }

    function caption(m, track) {
      if (m.waiting[track] && m.segment !== null) return segments[m.segment].waiting[track] || "";
      const shown = m.shown[track];
      return shown > 0 ? data.tracks[track].steps[shown - 1].caption : "";
    }

    // MARK: - Showing a tick

    // The overview's cells change only between the segment shown last and the one shown now.
    let shownSegment = -1;

    function paintSegment(index, m) {
      const s = segments[index];
      const current = m.segment === null ? -1 : m.segment;
      for (let position = s.characters[0]; position < s.characters[1]; position += 1) {
        cells[position].classList.toggle("current", index === current);
        cells[position].classList.toggle("done", index < current);
      }
      const counts = s.presses.map(function (range, track) {
        return index < current ? range[1] - range[0] : index === current ? m.shown[track] - range[0] : null;
      });
      const complete = index < current || (index === current && m.endsSegment);
      const known = counts.filter(function (c) { return c !== null; });
      const most = known.length ? Math.max.apply(null, known) : 0;
      const differ = counts.length > 1 && complete && counts.some(function (c) { return c !== most; });
      counts.forEach(function (count, track) {
        const node = cells[s.characters[0]].counts[track];
        const fewer = differ && count < most;
        // The mark says it where colour does not show, as on the terminal.
        node.textContent = count === null ? "" : String(count) + (fewer ? "*" : "");
        node.className = "n" + (differ ? (fewer ? " fewer" : " more") : "");
        if (fewer) node.title = text.fewer; else node.removeAttribute("title");
      });
    }

    function paintOverview(m) {
      const now = m.segment === null ? -1 : m.segment;
      const from = Math.max(0, Math.min(shownSegment, now));
      const to = Math.max(shownSegment, now);
      for (let index = from; index <= to && index < segments.length; index += 1) {
        if (index >= 0) paintSegment(index, m);
      }
      shownSegment = now;
      // The syllable being typed a third of the way in, so what comes next shows too.
      const position = now >= 0 ? segments[now].characters[0] : 0;
      const cell = cells[position];
      if (cell) overview.scrollLeft = Math.max(0, cell.offsetLeft - overview.clientWidth / 3);
    }

    // The typed text: the characters to type up to `shared`, then the step's own; only the
    // end that can show is put on the page.
    const tail = 400;

    function paintTyped(view, track, step) {
      if (!step) { view.committed.textContent = ""; view.preedit.textContent = ""; return; }
      const rest = step.rest || [];
      const count = step.shared + rest.length;
      const from = Math.max(0, count - tail);
      function characters(start, end) {
        let result = "";
        for (let position = start; position < end; position += 1) {
          result += position < step.shared ? data.target[position] : rest[position - step.shared];
        }
        return result;
      }
      const split = Math.max(from, Math.min(count, step.committed));
      view.committed.textContent = (from > 0 ? "…" : "") + characters(from, split);
      view.preedit.textContent = characters(split, count);
      view.typed.scrollLeft = view.typed.scrollWidth;
    }

    function render() {
      const m = moment(tick);
      paintOverview(m);
      data.tracks.forEach(function (track, index) {
        const view = views[index];
        const shown = m.shown[index];
        const step = shown > 0 ? track.steps[shown - 1] : null;
        const lit = step && !m.waiting[index] ? step : null;
        view.counter.textContent = text.counter
          .replace("{shown}", String(shown)).replace("{total}", String(track.steps.length));
        paintTyped(view, track, step);
        view.caption.textContent = caption(m, index);
        view.caption.classList.toggle("waiting", m.waiting[index]);
        const layout = lit ? lit.layout : step ? step.shownLayout : track.startLayout;
        if (view.shownPad !== layout) {
          if (view.shownPad >= 0) view.pads[view.shownPad].hidden = true;
          view.pads[layout].hidden = false;
          view.shownPad = layout;
        }
        if (view.litKey) view.litKey.classList.remove("lit");
        view.litKey = lit ? view.pads[layout].keys[lit.key] || null : null;
        if (view.litKey) view.litKey.classList.add("lit");
      });
      const finished = tick === total && playback.once && !playing;
      playButton.textContent = playing ? text.pause : finished ? text.again : text.play;
      playButton.setAttribute("aria-pressed", playing ? "true" : "false");
      speedNode.textContent = text.speed + " " + String(speed) + " " + text.keysPerSecond;
      status.textContent = finished ? text.finished
        : !playing && playback.step && m.endsSegment && tick < total ? text.stepPaused
        : "";
    }

    // MARK: - Trying: the learner presses the keys, typed by the engine's own table

    // Each track's automaton as the engine exported it: a press is one look-up; the script
    // knows no Hangul. The layout's keys are found in it by their id or their digit.
    const automata = data.tracks.map(function (track) { return track.automaton || null; });
    const canTry = automata.some(function (table) { return table !== null; });
    let trying = false;
    let aiming = false;

    function tableKey(table, key, action) {
      for (let index = 0; index < table.keys.length; index += 1) {
        const entry = table.keys[index];
        if (entry[0] === key.index && entry[1] === (action === "hold" ? 1 : 0)) return index;
      }
      return -1;
    }

    // An entry of the table as DemoPage.automaton packs it: the next state and the distinct
    // entry, in base-64 digits; the flag says the commit starts with the composition.
    const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
    function number(row, at, width) {
      let value = 0;
      for (let i = 0; i < width; i += 1) value = value * 64 + digits.indexOf(row[at + i]);
      return value;
    }
    function look(table, state, k) {
      const widths = table.widths, row = table.rows[state], at = k * (widths[0] + widths[1]);
      const e = table.entries[number(row, at + widths[0], widths[1])];
      return [number(row, at, widths[0]), (e[0] ? table.states[state] : "") + e[1], e[2], e[3], e[4]];
    }

    // For each track: the table's index of each key of the first layout, pressed and held.
    const keyIndex = data.tracks.map(function (track, index) {
      const table = automata[index];
      const layout = track.layouts[track.startLayout];
      return layout.keys.map(function (key, position) {
        key.index = position;
        return table ? { press: tableKey(table, key, "press"), hold: tableKey(table, key, "hold") }
          : { press: -1, hold: -1 };
      });
    });

    function fresh() { return { state: 0, text: [], undo: [], presses: 0, progress: 0, off: false }; }
    const tries = data.tracks.map(fresh);

    // The press: its entry is [next state, commit, erase, kind, undo]; ⌫ in a
    // composition pops what the presses before it pushed, as the engine's undo does.
    function apply(typist, table, k) {
      const t = look(table, typist.state, k);
      const before = table.states[typist.state];
      if (t[4] === "pop" && typist.undo.length > 0) {
        const last = typist.undo.pop();
        typist.text = last.text;
        typist.state = last.state;
        return { before: before, commit: "", erase: 0, kind: t[3], after: table.states[typist.state] };
      }
      if (t[4] === "push") typist.undo.push({ text: typist.text.slice(), state: typist.state });
      else typist.undo.length = 0;
      typist.text.length = Math.max(0, typist.text.length - t[2]);
      Array.prototype.push.apply(typist.text, Array.from(t[1]));
      typist.state = t[0];
      return { before: before, commit: t[1], erase: t[2], kind: t[3],
        after: table.states[typist.state] };
    }

    // The dot strokes drawn as on the pad (●), once the table has typed them.
    function shownAs(value) {
      return Array.from(value).map(function (c) { return data.shown[c] || c; }).join("");
    }

    function shownText(typist, table) {
      return { committed: shownAs(typist.text.join("")), preedit: shownAs(table.states[typist.state]) };
    }

    // Where the demo's own presses lead: the text and state after each of them, for "now you".
    const routes = data.tracks.map(function (track, index) {
      const table = automata[index];
      if (!table || track.steps.length === 0) return null;
      const typist = fresh();
      const route = [{ state: 0, text: "" }];
      for (const step of track.steps) {
        const k = step.layout === track.startLayout ? keyIndex[index][step.key][step.hold ? "hold" : "press"] : -1;
        if (k < 0) return null;
        apply(typist, table, k);
        route.push({ state: typist.state, text: typist.text.join("") });
      }
      return route;
    });
    const canAim = routes.some(function (route) { return route !== null; });

    function fill(template, values) {
      return template.replace(/\{(\w+)\}/g, function (all, name) {
        return values[name] !== undefined ? values[name] : all;
      });
    }

    // A caption as the terminal demo words it, from the transition's kind.
    function tryCaption(key, held, change) {
      const name = held ? fill(text.held, { key: key.label }) : key.label;
      const shown = change.after || (change.commit ? Array.from(change.commit).pop() : "");
      const template = text["kind." + change.kind] || text["kind.other"];
      const last = change.commit ? Array.from(change.commit).pop() : "";
      return fill(template, { key: name, before: shownAs(change.before), after: shownAs(shown), commit: shownAs(last) });
    }

    function paintTry(view, index) {
      const table = automata[index];
      const typist = tries[index];
      const route = aiming ? routes[index] : null;
      if (!table) {
        view.committed.textContent = "";
        view.preedit.textContent = "";
        view.caption.textContent = text.cannotTry;
        return;
      }
      const shown = shownText(typist, table);
      const chars = Array.from(shown.committed);
      view.committed.textContent = chars.length > tail ? "…" + chars.slice(-tail).join("") : shown.committed;
      view.preedit.textContent = shown.preedit;
      view.typed.scrollLeft = view.typed.scrollWidth;
      view.typed.classList.toggle("off", typist.off);
      const demo = data.tracks[index].steps.length;
      view.counter.textContent = route
        ? fill(text.yourPresses, { count: String(typist.presses), demo: String(demo) })
        : fill(text.tryPresses, { count: String(typist.presses) });
      if (view.shownPad !== data.tracks[index].startLayout) {
        if (view.shownPad >= 0) view.pads[view.shownPad].hidden = true;
        view.shownPad = data.tracks[index].startLayout;
        view.pads[view.shownPad].hidden = false;
      }
      if (view.litKey) view.litKey.classList.remove("lit");
      view.litKey = null;
      if (route) {
        const pad = view.pads[view.shownPad];
        const layout = data.tracks[index].layouts[view.shownPad];
        const next = typist.off ? null : data.tracks[index].steps[typist.progress];
        const lit = typist.off ? layout.keys.findIndex(function (key) { return key.kind === "backspace"; })
          : next ? next.key : -1;
        view.litKey = lit >= 0 ? pad.keys[lit] || null : null;
        if (view.litKey) view.litKey.classList.add("lit");
      }
    }

    function renderTry() {
      views.forEach(paintTry);
    }

    // After a press in "now you": on the demo's way (one step on, or back after ⌫), or off it.
    function follow(index, key, held, change) {
      const typist = tries[index];
      const route = routes[index];
      const here = { state: typist.state, text: typist.text.join("") };
      let found = -1;
      for (let position = Math.min(route.length - 1, typist.progress + 1); position >= 0; position -= 1) {
        if (route[position].state === here.state && route[position].text === here.text) { found = position; break; }
      }
      if (found >= 0) {
        typist.off = false;
        typist.progress = found;
        return found === route.length - 1
          ? fill(text.targetDone, { count: String(typist.presses), demo: String(route.length - 1) })
          : tryCaption(key, held, change);
      }
      typist.off = true;
      return fill(text.wrongPress, { caption: tryCaption(key, held, change) });
    }

    function pressKey(index, layoutKey, held) {
      const table = automata[index];
      if (!table || !trying) return;
      const track = data.tracks[index];
      const key = track.layouts[track.startLayout].keys[layoutKey];
      const k = keyIndex[index][layoutKey][held ? "hold" : "press"];
      if (k < 0) { views[index].caption.textContent = fill(text.notOnPage, { key: key.label }); return; }
      const typist = tries[index];
      const change = apply(typist, table, k);
      typist.presses += 1;
      const said = aiming && routes[index] ? follow(index, key, held, change)
        : tryCaption(key, held, change);
      paintTry(views[index], index);
      views[index].caption.textContent = said;
    }

    function startTrying() {
      data.tracks.forEach(function (track, index) { tries[index] = fresh(); });
      renderTry();
      views.forEach(function (view, index) {
        view.caption.textContent = !automata[index] ? text.cannotTry
          : aiming && routes[index] ? fill(text.targetStart, { demo: String(data.tracks[index].steps.length) })
          : text.tryHelp;
      });
    }

    // Watch, try freely, or try the text the demo typed.
    function setMode(mode) {
      trying = mode !== null;
      aiming = mode === "target";
      if (trying) { playing = false; schedule(0); }
      body.classList.toggle("trying", trying);
      modeButton.setAttribute("aria-pressed", trying && !aiming ? "true" : "false");
      targetButton.setAttribute("aria-pressed", aiming ? "true" : "false");
      modeButton.textContent = trying && !aiming ? text.watch : text.tryIt;
      targetButton.textContent = aiming ? text.watch : text.nowYou;
      views.forEach(function (view) {
        view.pads.forEach(function (pad) {
          pad.keys.forEach(function (node) { if (node) node.tabIndex = trying ? 0 : -1; });
        });
      });
      views.forEach(function (view) { view.typed.classList.remove("off"); });
      if (trying) startTrying(); else render();
    }

    // Mouse and touch: a press held for the layout's hold time types the held form (the
    // digit); ⌫ repeats while held.
    views.forEach(function (view, index) {
      const table = automata[index];
      const track = data.tracks[index];
      const holdMs = table ? table.holdMs : 500;
      const pad = view.pads[track.startLayout];
      pad.keys.forEach(function (node, layoutKey) {
        if (!node) return;
        const key = track.layouts[track.startLayout].keys[layoutKey];
        let timer = null;
        let held = false;
        function release() {
          if (timer !== null) { clearTimeout(timer); clearInterval(timer); }
          timer = null;
          node.classList.remove("down");
        }
        node.addEventListener("pointerdown", function (event) {
          if (!trying) return;
          event.preventDefault();
          if (node.setPointerCapture) { try { node.setPointerCapture(event.pointerId); } catch (ignored) { /* a synthetic pointer */ } }
          release();
          held = false;
          node.classList.add("down");
          if (key.kind === "backspace") {
            pressKey(index, layoutKey, false);
            timer = setTimeout(function repeat() {
              held = true;
              pressKey(index, layoutKey, false);
              timer = setTimeout(repeat, 100);
            }, holdMs);
            held = true;
          } else {
            timer = setTimeout(function () {
              timer = null;
              held = true;
              if (keyIndex[index][layoutKey].hold >= 0) pressKey(index, layoutKey, true);
              else pressKey(index, layoutKey, false);
            }, holdMs);
          }
        });
        node.addEventListener("pointerup", function () {
          if (!trying) return;
          const pending = timer !== null && !held;
          release();
          if (pending) pressKey(index, layoutKey, false);
        });
        node.addEventListener("pointercancel", release);
        node.addEventListener("contextmenu", function (event) { event.preventDefault(); });
        // Enter or Space on a focused key (keyboard only): one press.
        node.addEventListener("click", function (event) {
          if (trying && event.detail === 0) pressKey(index, layoutKey, false);
        });
      });
    });

    // The keyboard while trying: the numeric keypad and the top-row digits are the pad's
    // digits on every pad shown; Backspace is ⌫, Space and → the space and next keys.
    function keyByDigit(index, digit) {
      const track = data.tracks[index];
      return track.layouts[track.startLayout].keys.findIndex(function (key) { return key.phone === digit; });
    }
    function keyByKind(index, kinds) {
      const track = data.tracks[index];
      for (const kind of kinds) {
        const found = track.layouts[track.startLayout].keys.findIndex(function (key) { return key.kind === kind; });
        if (found >= 0) return found;
      }
      return -1;
    }
    function tryKeyboard(event) {
      let digit = null;
      const code = event.code || "";
      if (/^Numpad[0-9]$/.test(code)) digit = code.slice(6);
      else if (code === "NumpadMultiply") digit = "*";
      else if (/^[0-9*#]$/.test(event.key)) digit = event.key;
      let kinds = null;
      if (event.key === "Backspace") kinds = ["backspace"];
      else if (event.key === " ") kinds = ["space", "spaceNext"];
      else if (event.key === "ArrowRight") kinds = ["next", "spaceNext"];
      else if (event.key === "Enter" && !(event.target instanceof HTMLButtonElement)) kinds = ["return"];
      if (digit === null && kinds === null) return false;
      if (event.repeat && kinds === null) return true;
      data.tracks.forEach(function (track, index) {
        const layoutKey = digit !== null ? keyByDigit(index, digit) : keyByKind(index, kinds);
        if (layoutKey >= 0) pressKey(index, layoutKey, false);
      });
      return true;
    }


    // MARK: - The largest size at which everything fits

    const smallest = 9;
    const largest = 200;

    function fits() {
      // Fractions of a pixel count: a key 0.2 px under the buttons is cut.
      return tracksNode.scrollWidth <= stage.clientWidth + 1
        && tracksNode.getBoundingClientRect().height <= stage.clientHeight;
    }

    // The pad each track is measured with: the tallest of the layouts it shows on the way,
    // not every layout it could switch to (the five-row !#1 pad would shrink 안녕's).
    const tallest = data.tracks.map(function (track) {
      const visited = [track.startLayout];
      track.steps.forEach(function (step) { visited.push(step.layout, step.shownLayout); });
      return visited.reduce(function (best, layout) {
        return track.layouts[layout].rows.length > track.layouts[best].rows.length ? layout : best;
      }, track.startLayout);
    });

    // The largest type size at which the pads fit, for the arrangement as it is now.
    function largestFitting() {
      let low = smallest, high = largest;
      while (high - low > 0.5) {
        const middle = (low + high) / 2;
        tracksNode.style.fontSize = middle + "px";
        if (fits()) low = middle; else high = middle;
      }
      return low;
    }

    function fit() {
      views.forEach(function (view, index) {
        view.pads.forEach(function (pad, padIndex) { pad.hidden = padIndex !== tallest[index]; });
      });
      const single = data.tracks.length === 1;
      if (single) tracksNode.classList.remove("narrow");
      let size = largestFitting();
      // One pad: the text beside the pad or above it, whichever lets everything be larger.
      if (single) {
        tracksNode.classList.add("narrow");
        const above = largestFitting();
        tracksNode.classList.toggle("narrow", above > size);
        size = Math.max(size, above);
      }
      tracksNode.style.fontSize = size + "px";
      // Below the smallest readable size (a small phone), the pads scroll instead.
      stage.classList.toggle("scrolls", !fits());
      document.documentElement.dataset.fitted = String(size);
      views.forEach(function (view) {
        view.pads.forEach(function (pad, padIndex) { pad.hidden = padIndex !== view.shownPad; });
      });
    }

    // MARK: - Playing, as the terminal demo plays

    // How long the frame at `t` stays: a key's time, longer for a long caption.
    function hold(t) {
      const m = moment(t);
      let longest = 0;
      data.tracks.forEach(function (track, index) {
        longest = Math.max(longest, Array.from(caption(m, index)).length);
      });
      return Math.round(1000 / speed * Math.max(1, longest / playback.captionCharactersPerKey));
    }

    function schedule(delay) {
      if (timer !== null) clearTimeout(timer);
      timer = playing ? setTimeout(advance, delay) : null;
    }

    function advance() {
      timer = null;
      if (!playing) return;
      if (tick < total) {
        tick += 1;
        if (tick === total) {
          if (playback.once) playing = false; else schedule(Math.max(playback.endPauseMs, hold(tick)));
        } else if (playback.step && segmentEnds.indexOf(tick) >= 0) {
          playing = false;
        } else {
          schedule(hold(tick));
        }
      } else {
        tick = 0;
        schedule(hold(tick));
      }
      render();
    }

    function togglePlay() {
      if (!playing && tick === total && playback.once) tick = 0;
      playing = !playing;
      schedule(hold(tick));
      render();
    }

    function go(target) {
      playing = false;
      schedule(0);
      tick = Math.max(0, Math.min(total, target));
      render();
    }

    function nextSyllable() {
      const end = segmentEnds.find(function (e) { return e > tick; });
      go(end === undefined ? total : end);
    }

    function previousSyllable() {
      const before = segmentEnds.filter(function (e) { return e < tick; });
      go(before.length ? before[before.length - 1] : 0);
    }

    function changeSpeed(direction) {
      const speeds = playback.speeds;
      const next = direction > 0
        ? speeds.find(function (s) { return s > speed; })
        : speeds.filter(function (s) { return s < speed; }).pop();
      if (next === undefined) return;
      speed = next;
      if (playing && tick < total) schedule(hold(tick));
      render();
    }

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onButton = event.target instanceof HTMLButtonElement;
      if (trying) {
        // A focused button (a key too) takes Space and Enter itself.
        if (onButton && (event.key === " " || event.key === "Enter")) return;
        if (tryKeyboard(event)) event.preventDefault();
        return;
      }
      switch (event.key) {
        case " ": case "Enter": if (onButton) return; togglePlay(); break;
        case "ArrowRight": go(tick + 1); break;
        case "ArrowLeft": go(tick - 1); break;
        case "ArrowDown": case "PageDown": nextSyllable(); break;
        case "ArrowUp": case "PageUp": previousSyllable(); break;
        case "+": case "=": changeSpeed(1); break;
        case "-": changeSpeed(-1); break;
        case "Home": go(0); break;
        case "End": go(total); break;
        default: return;
      }
      event.preventDefault();
    });

    let resizing = null;
    window.addEventListener("resize", function () {
      if (resizing !== null) clearTimeout(resizing);
      resizing = setTimeout(function () {
        resizing = null; fit(); if (trying) renderTry(); else render();
      }, 100);
    });

    modeButton.hidden = !canTry || data.free;
    targetButton.hidden = !canAim;
    top.hidden = data.target.length === 0;
    render();
    fit();
    if (data.free) setMode("free"); else schedule(hold(tick));
  })();
  </script>
  </body>
  </html>
  """#
