/// The page's script, second part (``pageTemplate``): trying the pad.
///
/// Each press is one look-up in the track's exported automaton; the script knows no Hangul.
/// Mouse, touch and the keyboard press the keys of every pad shown.
let pageScriptTrying = #"""
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

    // An entry of the table as DemoPage.automaton packs it: the next state, the distinct entry
    // and the caption, in base-64 digits; the flag says the commit starts with the composition.
    const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
    function number(row, at, width) {
      let value = 0;
      for (let i = 0; i < width; i += 1) value = value * 64 + digits.indexOf(row[at + i]);
      return value;
    }
    function look(table, state, k) {
      const widths = table.widths, row = table.rows[state];
      const at = k * (widths[0] + widths[1] + widths[2]);
      const e = table.entries[number(row, at + widths[0], widths[1])];
      return [number(row, at, widths[0]), (e[0] ? table.states[state] : "") + e[1], e[2], e[3], e[4],
        number(row, at + widths[0] + widths[1], widths[2])];
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

    // The press: its entry is [next state, commit, erase, kind, undo, caption]; ⌫ in a
    // composition pops what the presses before it pushed, as the engine's undo does.
    function apply(typist, table, k) {
      const t = look(table, typist.state, k);
      // The demo deletes only text it shows: ⌫ with nothing typed deletes nothing.
      const nothing = typist.text.length === 0 && t[2] > 0;
      if (t[4] === "pop" && typist.undo.length > 0) {
        const last = typist.undo.pop();
        typist.text = last.text;
        typist.state = last.state;
        return { caption: t[5], nothing: nothing };
      }
      if (t[4] === "push") typist.undo.push({ text: typist.text.slice(), state: typist.state });
      else typist.undo.length = 0;
      typist.text.length = Math.max(0, typist.text.length - t[2]);
      Array.prototype.push.apply(typist.text, Array.from(t[1]));
      typist.state = t[0];
      return { caption: t[5], nothing: nothing };
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

    // A caption as the terminal demo words it: the demo's template for the press, filled with
    // the values the table carries ({1}…), the key's name, a cycle's count worded and the
    // layout a switch goes to.
    function tryCaption(index, key, held, change) {
      const caption = automata[index].captions[change.caption];
      const name = change.nothing && caption[0] === "deleted" ? "undone" : caption[0];
      const values = caption.slice(1);
      const layout = data.tracks[index].layouts[Number(values[0])];
      const named = {
        key: held ? fill(text.held, { key: key.label }) : key.label,
        times: values.length > 1 ? text["times." + values[1]] || values[1] : "",
        layout: layout ? layout.name : ""
      };
      const worded = text["caption." + name].replace(/\{(\w+)\}/g, function (all, field) {
        if (named[field] !== undefined) return named[field];
        const number = Number(field);
        return number >= 1 && number <= values.length ? values[number - 1] : all;
      });
      return shownAs(worded);
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
          : tryCaption(index, key, held, change);
      }
      typist.off = true;
      return fill(text.wrongPress, { caption: tryCaption(index, key, held, change) });
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
        : tryCaption(index, key, held, change);
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


  """#
