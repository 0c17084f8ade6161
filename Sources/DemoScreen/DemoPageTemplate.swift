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
/// Its parts live in files of their own, by job: the styles (``pageStyle``), and the script
/// in three parts that the browser reads as one function, in this order: the page built from
/// the data and a tick shown (``pageScriptShowing``), trying the pad
/// (``pageScriptTrying``), fitting and playing (``pageScriptPlaying``).
let pageTemplate = [
  pageHead, pageStyle, pageBodyStart, pageScriptShowing, pageScriptTrying, pageScriptPlaying,
  pageEnd,
].joined(separator: "\n")

/// From the doctype to the title.
private let pageHead = #"""
  <!DOCTYPE html>
  <html lang="@LANG@"@THEME@>
  <head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="dark light">
  <title>@TITLE@</title>
  """#

/// From the end of the head to the start of the script: what shows without a script, and
/// the data.
private let pageBodyStart = #"""
  </head>
  <body>
  <noscript><p>@NOSCRIPT@</p></noscript>
  <script type="application/json" id="demo-data">@DATA@</script>
  <script>
  """#

/// The end of the script and of the page.
private let pageEnd = #"""
  </script>
  </body>
  </html>
  """#
