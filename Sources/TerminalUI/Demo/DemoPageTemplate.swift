/// The page `demo --html` writes, with four markers ``DemoPage`` fills in: `@LANG@`,
/// `@TITLE@`, `@NOSCRIPT@` and `@DATA@` (the JSON the script plays).
///
/// Everything is inline: styles, script, no fonts or images to fetch, so it works offline.
/// The script only shows what the JSON holds (presses, texts, captions, layouts); it never
/// types Hangul itself. Its keys and their order follow ``DemoController``.
let pageTemplate = #"""
  <!DOCTYPE html>
  <html lang="@LANG@">
  <head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="dark">
  <title>@TITLE@</title>
  <style>
  :root {
    --ink: #ffffff; --paper: #000000; --mark: #ffe600; --soft: #c8c8c8;
    --key: #161616; --function: #333333; --accent: #0b3d91; --more: #ff8a80; --fewer: #9cff9c;
  }
  * { box-sizing: border-box; }
  html { background: var(--paper); color: var(--ink); }
  body {
    margin: 0; padding: 1.2rem 2vw 2rem;
    /* As large as the window allows in both directions: a projector at 1280×720 shows the
       whole pad above the controls. */
    font: clamp(15px, min(1.6vw + 8px, 2.4vh + 4px), 30px)/1.35 system-ui, "Noto Sans CJK KR", "Noto Sans KR",
      "Malgun Gothic", "Apple SD Gothic Neo", sans-serif;
  }
  h1 { font-size: 1.3em; margin: 0 0 .6em; }
  h2 { font-size: 1.05em; margin: 0 0 .4em; }
  .counter { color: var(--mark); white-space: nowrap; }
  #overview { display: flex; flex-wrap: wrap; gap: .5em .35em; align-items: flex-end; margin-bottom: 1em; }
  .legend, .cell { display: flex; flex-direction: column; align-items: center; }
  .legend { align-items: flex-start; margin-right: .6em; font-weight: bold; }
  .legend span, .cell span { line-height: 1.5; min-height: 1.5em; }
  .cell .ch {
    font-size: 1.9em; line-height: 1.25; min-width: 1.4em; text-align: center;
    border: .1em solid transparent; border-radius: .2em; color: var(--soft);
  }
  .cell.done .ch { color: var(--ink); }
  .cell.current .ch { background: var(--mark); color: #000; border-color: var(--ink); }
  .cell .n { font-size: 1em; font-variant-numeric: tabular-nums; }
  .cell .n.more { color: var(--more); font-weight: bold; text-decoration: underline; }
  .cell .n.fewer { color: var(--fewer); font-weight: bold; }
  #tracks { display: flex; flex-wrap: wrap; gap: 1.2em 3vw; }
  .track { flex: 1 1 20em; max-width: 42em; }
  .typed {
    font-size: 2.2em; min-height: 1.6em; padding: .1em .3em; border: .08em solid var(--ink);
    border-radius: .2em; white-space: pre-wrap; overflow-wrap: anywhere;
  }
  .typed .preedit { text-decoration: underline .12em; text-underline-offset: .15em; color: var(--mark); }
  .typed::after { content: ""; display: inline-block; width: .12em; height: 1.1em; background: var(--mark); vertical-align: -.15em; margin-left: .05em; }
  .caption { font-size: 1.45em; font-weight: bold; color: var(--mark); min-height: 2.9em; margin: .3em 0; }
  .caption.waiting { color: var(--soft); font-weight: normal; font-style: italic; }
  .pad { display: flex; flex-direction: column; gap: .35em; max-width: 22em; }
  #tracks.single .track { display: grid; grid-template-columns: minmax(0, 1fr) minmax(12em, 20em); column-gap: 2em; max-width: none; flex-basis: 100%; align-items: start; }
  #tracks.single .track > :not(.pad) { grid-column: 1; }
  #tracks.single .pad { grid-column: 2; grid-row: 1 / span 3; }
  @media (max-width: 760px), (max-aspect-ratio: 1/1) { #tracks.single .track { display: block; } }
  .pad[hidden] { display: none; }
  .row { display: flex; gap: .35em; }
  .key, .gap { flex: 1 1 0; min-width: 0; }
  .key {
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    min-height: 2.5em; border: .12em solid var(--ink); border-radius: .35em; background: var(--key);
  }
  .key .label { font-size: 1.45em; font-weight: bold; line-height: 1.1; }
  .key .small { font-size: .8em; line-height: 1.1; min-height: 1.1em; color: var(--soft); }
  .key.function { background: var(--function); }
  .key.accent { background: var(--accent); }
  .key.lit { background: var(--mark); color: #000; outline: .2em solid var(--ink); outline-offset: .08em; }
  .key.lit .small { color: #000; }
  #bar { position: sticky; bottom: 0; background: var(--paper); border-top: .1em solid var(--soft); margin-top: 1.2em; padding: .5em 0 .3em; }
  #controls { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; }
  button {
    font: inherit; font-size: .85em; font-weight: bold; color: var(--ink); background: var(--paper);
    border: .12em solid var(--ink); border-radius: .3em; padding: .3em .6em; cursor: pointer;
  }
  button:hover { background: #222; }
  button:focus-visible { outline: .2em solid var(--mark); outline-offset: .15em; }
  #play { background: var(--mark); color: #000; min-width: 5.5em; }
  #speed { font-weight: bold; margin: 0 .2em; white-space: nowrap; }
  #status { font-size: 1.1em; font-weight: bold; color: var(--mark); min-height: 1.4em; margin: .3em 0 0; }
  #help { color: var(--soft); }
  @media print { html { background: #fff; color: #000; } #bar, #help { display: none; } }
  </style>
  </head>
  <body>
  <noscript><p>@NOSCRIPT@</p></noscript>
  <main id="demo"></main>
  <script type="application/json" id="demo-data">@DATA@</script>
  <script>
  "use strict";
  (function () {
    const data = JSON.parse(document.getElementById("demo-data").textContent);
    const text = data.text;
    const playback = data.playback;
    const total = data.ticks.length - 1;
    const segmentEnds = data.segments.map(function (s) { return s.firstTick + s.ticks - 1; });
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

    const main = document.getElementById("demo");
    main.appendChild(make("h1", "", text.title));

    const overview = make("section", "");
    overview.id = "overview";
    overview.setAttribute("aria-label", text.text);
    const legend = make("div", "legend");
    legend.appendChild(make("span", "", text.text));
    const labels = data.tracks.length === 1
      ? [text.presses] : data.tracks.map(function (t) { return t.title; });
    labels.forEach(function (label) { legend.appendChild(make("span", "", label)); });
    overview.appendChild(legend);
    const cells = data.target.map(function (character) {
      const cell = make("div", "cell");
      const shown = character === " " ? "␣" : character === "\n" ? "⏎" : character;
      cell.appendChild(make("span", "ch", shown));
      cell.counts = data.tracks.map(function () { return cell.appendChild(make("span", "n", "")); });
      overview.appendChild(cell);
      return cell;
    });
    main.appendChild(overview);

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
        pad.setAttribute("role", "img");
        pad.setAttribute("aria-label", layout.name);
        pad.keys = [];
        layout.rows.forEach(function (row) {
          const rowNode = make("div", "row");
          row.forEach(function (index) {
            if (index === null) { rowNode.appendChild(make("div", "gap")); return; }
            const key = layout.keys[index];
            const keyNode = make("div", "key " + key.style);
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
      return { counter: counter, committed: committed, preedit: preedit, caption: caption, pads: pads };
    });
    main.appendChild(tracksNode);

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
    // The buttons and what the demo waits for stay in view at the bottom of the window.
    const bar = make("footer", "");
    bar.id = "bar";
    bar.appendChild(controls);
    const status = make("p", "");
    status.id = "status";
    status.setAttribute("aria-live", "polite");
    bar.appendChild(status);
    main.appendChild(make("p", "", text.keysHelp)).id = "help";
    main.appendChild(bar);

    // MARK: - Showing a tick

    function render() {
      const moment = data.ticks[tick];
      const segment = moment.segment === null ? null : data.segments[moment.segment];
      const start = segment ? segment.characters[0] : 0;
      cells.forEach(function (cell, position) {
        const isCurrent = segment !== null && position >= start && position < segment.characters[1];
        cell.classList.toggle("current", isCurrent);
        cell.classList.toggle("done", segment !== null && position < start);
        cell.counts.forEach(function (count) { count.textContent = ""; count.className = "n"; });
      });
      data.segments.forEach(function (s, index) {
        if (moment.segment === null || index > moment.segment) return;
        const counts = s.presses.map(function (range, track) {
          return index < moment.segment ? range[1] - range[0] : moment.shown[track] - range[0];
        });
        const complete = index < moment.segment || moment.endsSegment;
        const most = Math.max.apply(null, counts);
        const differ = counts.length > 1 && complete && counts.some(function (c) { return c !== most; });
        counts.forEach(function (count, track) {
          const node = cells[s.characters[0]].counts[track];
          node.textContent = String(count);
          if (differ) node.classList.add(count === most ? "more" : "fewer");
        });
      });
      data.tracks.forEach(function (track, index) {
        const view = views[index];
        const shown = moment.shown[index];
        const step = shown > 0 ? track.steps[shown - 1] : null;
        const lit = step && !moment.waiting[index] ? step : null;
        view.counter.textContent = text.counter
          .replace("{shown}", String(shown)).replace("{total}", String(track.steps.length));
        view.committed.textContent = step ? step.committed : "";
        view.preedit.textContent = step ? step.preedit : "";
        view.caption.textContent = moment.captions[index];
        view.caption.classList.toggle("waiting", moment.waiting[index]);
        const layout = lit ? lit.layout : step ? step.shownLayout : track.startLayout;
        view.pads.forEach(function (pad, padIndex) {
          pad.hidden = padIndex !== layout;
          pad.keys.forEach(function (key) { if (key) key.classList.remove("lit"); });
        });
        if (lit && view.pads[layout].keys[lit.key]) view.pads[layout].keys[lit.key].classList.add("lit");
      });
      const finished = tick === total && playback.once && !playing;
      playButton.textContent = playing ? text.pause : finished ? text.again : text.play;
      playButton.setAttribute("aria-pressed", playing ? "true" : "false");
      speedNode.textContent = text.speed + " " + String(speed) + " " + text.keysPerSecond;
      status.textContent = finished ? text.finished
        : !playing && playback.step && segmentEnds.indexOf(tick) >= 0 && tick < total ? text.stepPaused
        : "";
    }

    // MARK: - Playing, as the terminal demo plays

    function interval() { return Math.round(1000 / speed); }

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
          if (playback.once) playing = false; else schedule(playback.endPauseMs);
        } else if (playback.step && segmentEnds.indexOf(tick) >= 0) {
          playing = false;
        } else {
          schedule(interval());
        }
      } else {
        tick = 0;
        schedule(interval());
      }
      render();
    }

    function togglePlay() {
      if (!playing && tick === total && playback.once) tick = 0;
      playing = !playing;
      schedule(interval());
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
      if (playing && tick < total) schedule(interval());
      render();
    }

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onButton = event.target instanceof HTMLButtonElement;
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

    render();
    schedule(interval());
  })();
  </script>
  </body>
  </html>
  """#
