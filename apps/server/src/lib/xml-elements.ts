/**
 * Finding the elements of SpreadsheetML in text, without a DOM: the next `<name>` element (any namespace prefix, its
 * start tag's quotes respected), each element of a stream of text as the chunks complete them, attribute values,
 * entities, and the text of a string item. Enough for the parts of an XLSX, which are flat lists of small elements
 * (rows, cells, strings); not a general XML parser (no CDATA, no comments holding tags).
 */
import { setImmediate as yieldNow } from 'node:timers/promises';

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e] ?? whole;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const ATTRIBUTES = new Map<string, RegExp>();

/** The value of attribute `name` (any namespace prefix) in an element's start tag. */
export function attr(tag: string, name: string): string | undefined {
  let re = ATTRIBUTES.get(name);
  if (!re) ATTRIBUTES.set(name, (re = new RegExp(`\\s(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(tag);
  return m ? decodeXml(m[1] ?? m[2] ?? '') : undefined;
}

/** The index of the `>` ending the tag that starts at `from`, quotes respected; -1 when it is not in `text` yet. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return i;
  }
  return -1;
}

export interface Element {
  /** The start tag, `<` to `>`. */
  open: string;
  /** What is between the start and the end tag ('' for `<x/>`). */
  body: string;
}

/** The next `<name>` element of `text` from `from` (any prefix); `end` is where it ends, -1 when it is not complete. */
export function nextElement(text: string, from: number, start: RegExp): { at: number; end: number; element?: Element } | null {
  start.lastIndex = from;
  const m = start.exec(text);
  if (!m) return null;
  const at = m.index;
  const gt = tagEnd(text, at + m[0].length);
  if (gt < 0) return { at, end: -1 };
  const open = text.slice(at, gt + 1);
  if (text.charCodeAt(gt - 1) === 47) return { at, end: gt + 1, element: { open, body: '' } };
  const close = `</${m[1] ?? ''}${m[2]}>`;
  const c = text.indexOf(close, gt + 1);
  if (c < 0) return { at, end: -1 };
  return { at, end: c + close.length, element: { open, body: text.slice(gt + 1, c) } };
}

const STARTS = new Map<string, RegExp>();

/**
 * The start of a `<name>` element, any prefix. One per name, shared: every use sets lastIndex and runs it at once
 * (a regular expression compiled per cell was most of the time).
 */
export function startOf(name: string): RegExp {
  let re = STARTS.get(name);
  if (!re) STARTS.set(name, (re = new RegExp(`<([\\w.-]+:)?(${name})(?=[\\s/>])`, 'g')));
  return re;
}

/**
 * The complete `<name>` elements of a stream of XML text, in order, as many as each chunk completes at a time (an
 * await per element was a fifth of the time); one longer than `maxBytes` is refused with `tooLong`'s error.
 */
export async function* elements(chunks: AsyncIterable<string>, name: string, maxBytes: number, tooLong: (detail: string) => Error): AsyncGenerator<Element[]> {
  const start = startOf(name);
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    const done: Element[] = [];
    let from = 0;
    for (;;) {
      const next = nextElement(pending, from, start);
      if (!next) {
        // Keep a tail long enough to hold a start tag cut in two by the chunk boundary.
        from = Math.max(from, pending.length - name.length - 64);
        break;
      }
      if (next.end < 0) {
        from = next.at;
        if (pending.length - from > maxBytes) throw tooLong(`a <${name}> over ${maxBytes} bytes`);
        break;
      }
      from = next.end;
      done.push(next.element!);
    }
    pending = pending.slice(from);
    if (done.length > 0) yield done;
    // Inflated chunks already waiting are read through promises alone, which let no other request in.
    await yieldNow();
  }
}

/** The elements of one (small) document. */
export function* elementsOf(text: string, name: string): Generator<Element> {
  const start = startOf(name);
  let from = 0;
  for (;;) {
    const next = nextElement(text, from, start);
    if (!next || next.end < 0) return;
    from = next.end;
    yield next.element!;
  }
}

export const firstOf = (text: string, name: string): Element | undefined => elementsOf(text, name).next().value ?? undefined;

/** The text of a string item (`<si>`, `<is>`): its runs' `<t>` joined, phonetic guides (`<rPh>`) left out. */
export function stringText(body: string): string {
  let out = '';
  const plain = body.includes('rPh') ? body.replace(/<([\w.-]+:)?rPh[\s>][\s\S]*?<\/\1?rPh>/g, '') : body;
  for (const t of elementsOf(plain, 't')) out += decodeXml(t.body);
  return out;
}
