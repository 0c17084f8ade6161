/// The page's styles (``pageTemplate``): its colours in each theme, the sizes read from the
/// back of the room, the pads, the buttons.
let pageStyle = #"""
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
  """#
