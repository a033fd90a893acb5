// Reading and writing a wasm module's bytes, for the build scripts that look inside one
// (scripts/size.mjs: functions and their names; scripts/minify-glue.mjs: the imports' names;
// scripts/drop-stream-classes.mjs: the exports), and rewriting one of its sections.

/** The unsigned LEB128 number at `pos` of `buf`, and the position after it. */
export function readLeb(buf, pos) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = buf[pos++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, pos];
  }
}

/** `value` as unsigned LEB128 bytes. */
export function writeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The length-prefixed UTF-8 name at `pos` of `buf`, and the position after it. */
export function readName(buf, pos) {
  const [len, p] = readLeb(buf, pos);
  return [Buffer.from(buf.buffer, buf.byteOffset, buf.length).toString("utf8", p, p + len), p + len];
}

/**
 * The import at `pos` of an import section: its module, name and kind (0 function, 1 table,
 * 2 memory, 3 global, 4 tag), where its description starts (`desc`, the kind's byte) and the
 * position after it (`end`).
 */
export function readImport(buf, pos) {
  const [module, p1] = readName(buf, pos);
  const [name, desc] = readName(buf, p1);
  const kind = buf[desc];
  let p = desc + 1;
  if (kind === 0) [, p] = readLeb(buf, p); // the function's type
  else if (kind === 1 || kind === 2) {
    if (kind === 1) p += 1; // the table's element type, then limits like a memory's
    const [flags, q] = readLeb(buf, p);
    [, p] = readLeb(buf, q);
    if (flags & 1) [, p] = readLeb(buf, p);
  } else if (kind === 3) p += 2; // value type, mutability
  else if (kind === 4) [, p] = readLeb(buf, p + 1); // attribute, type
  else throw new Error(`import ${module}.${name}: unknown kind ${kind}`);
  return { module, name, kind, desc, end: p };
}

/**
 * The module `wasm` with each section of id `id` rewritten: its payload (bytes `start` to `end`
 * of `bytes`) replaced by what `rewrite(bytes, start, end)` returns. Every other byte is kept.
 */
export function rewriteSection(wasm, id, rewrite) {
  const bytes = Buffer.from(wasm);
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("not a wasm module");
  const out = [bytes.subarray(0, 8)];
  for (let at = 8; at < bytes.length; ) {
    const [size, start] = readLeb(bytes, at + 1);
    const end = start + size;
    if (bytes[at] === id) {
      const payload = Buffer.from(rewrite(bytes, start, end));
      out.push(Buffer.from([id, ...writeLeb(payload.length)]), payload);
    } else {
      out.push(bytes.subarray(at, end));
    }
    at = end;
  }
  return Buffer.concat(out);
}
