/// The page's script, last part (``pageTemplate``): the largest size at which the pads fit,
/// playing as the terminal demo plays, the keyboard while watching, and the start.
let pageScriptPlaying = #"""
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
  """#
