// The peer of `cheonjiin keys` in `make bench` (Scripts/bench-keys.sh): the Hwalja lookup rule
// (github.com/anaclumos/hwalja, MIT) run by node over the same key lines.
//
//   node Scripts/hwalja-keys.js HANGUL_JSON < lines > texts
//
// HANGUL_JSON is Hwalja's map (its 한글.json or 한글.min.json), which this project does not ship:
// for each key, the text before a press → the text after it. Its README gives the rule: while a
// syllable is being edited, the last two characters are looked up in the key's table, then the
// last one; otherwise the key's first letter is appended. Each input line is a key sequence in
// the notation of `cheonjiin keys` (ㅣ ㆍ ㅡ, a consonant key by its first letter, `_` the shared
// space/next key); each output line is the text it types, as `keys` prints it.
"use strict";
const fs = require("fs");

const map = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
// Our key notation → Hwalja's key names.
const keyNames = {
  "ㅣ": "인", "ㆍ": "천", "ᆞ": "천", "·": "천", "ㅡ": "지",
  "ㄱ": "ㄱㅋ", "ㄴ": "ㄴㄹ", "ㄷ": "ㄷㅌ", "ㅂ": "ㅂㅍ", "ㅅ": "ㅅㅎ", "ㅈ": "ㅈㅊ", "ㅇ": "ㅇㅁ",
};
const tables = {};
for (const [written, name] of Object.entries(keyNames)) {
  if (!map[name]) throw new Error(`${process.argv[2]} has no table for ${name}`);
  tables[written] = map[name];
}

function type(line) {
  let text = "";
  let editing = false;
  for (const key of line) {
    if (key === "_") {
      // The shared key: ends the syllable being edited, else types a space (docs/engine.md §5).
      if (editing) editing = false;
      else text += " ";
      continue;
    }
    const table = tables[key];
    if (table === undefined) throw new Error(`unknown key ${key} in ${line}`);
    const two = text.slice(-2);
    const one = text.slice(-1);
    if (editing && two.length === 2 && two in table) text = text.slice(0, -2) + table[two];
    else if (editing && one.length === 1 && one in table) text = text.slice(0, -1) + table[one];
    else text += table[""];
    editing = true;
  }
  return text;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
if (lines[lines.length - 1] === "") lines.pop();
const out = new Array(lines.length);
for (let i = 0; i < lines.length; i++) out[i] = type(lines[i]);
fs.writeFileSync(1, out.join("\n") + "\n");
