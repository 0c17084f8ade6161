/// The page's script, first part (``pageTemplate``): the page built, and a tick shown.
///
/// The page is built once from the data; then where the demo is at a tick is worked out and
/// shown. The function it opens ends in ``pageScriptPlaying``.
let pageScriptShowing = #"""
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
            // What a screen reader says: the key's letters (DemoPage.accessibleName).
            keyNode.setAttribute("aria-label", key.name);
            keyNode.dataset.key = String(index);
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

  """#
