// lz-string's decompressFromBase64, the coding of f-puzzles' `?load=` links and
// SudokuPad's `fpuzzles` links, written for the setter's page (which draws what a link
// carries). The solver reads links itself (crates/variants/src/format/link.rs, with the
// `lz-str` crate); test/setter.test.mjs checks this reading against its own on every
// shared puzzle.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** The text lz-string compressed into `data` (base64), or null if `data` is not that. */
export function decompressFromBase64(data) {
  for (const c of data) if (!VALUE.has(c)) return null;
  // Six bits a character, read from the highest.
  let index = 0;
  let value = 0;
  let bit = 0;
  const read = (n) => {
    let out = 0;
    for (let k = 0; k < n; k++) {
      if (bit === 0) {
        value = index < data.length ? VALUE.get(data[index]) : 0;
        index++;
        bit = 32;
      }
      if (value & bit) out |= 1 << k;
      bit >>= 1;
    }
    return out;
  };
  const dictionary = ['', '', ''];
  let width = 3;
  let enlargeIn = 4;
  const literal = (code) => {
    if (code === 0) return String.fromCharCode(read(8));
    if (code === 1) return String.fromCharCode(read(16));
    return null;
  };
  const first = literal(read(2));
  if (first === null) return data.length === 0 ? '' : null;
  dictionary.push(first);
  let w = first;
  const out = [first];
  for (;;) {
    if (index > data.length + 1) return null; // cut short
    let code = read(width);
    if (code === 2) return out.join('');
    if (code < 2) {
      dictionary.push(literal(code));
      code = dictionary.length - 1;
      if (--enlargeIn === 0) enlargeIn = 1 << width++;
    }
    let entry;
    if (code < dictionary.length) entry = dictionary[code];
    else if (code === dictionary.length) entry = w + w[0];
    else return null;
    out.push(entry);
    dictionary.push(w + entry[0]);
    w = entry;
    if (--enlargeIn === 0) enlargeIn = 1 << width++;
  }
}
