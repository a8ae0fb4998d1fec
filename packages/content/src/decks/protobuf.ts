// Just enough protobuf for Anki's three small messages (package metadata, media entries, the
// notetype kind): varints and length-delimited fields, every read bounds-checked.
import { DeckRefusedError } from "./limits.ts";

export interface ProtoField {
  number: number;
  /** Wire type 0 (varint). */
  varint?: number;
  /** Wire type 2 (length-delimited). */
  bytes?: Uint8Array;
}

function readVarint(buffer: Uint8Array, start: number, what: string): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  let at = start;
  for (let i = 0; i < 10; i++) {
    const byte = buffer[at];
    if (byte === undefined) throw new DeckRefusedError(`${what} is truncated (protobuf varint)`);
    at++;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return { value, next: at };
    scale *= 128;
  }
  throw new DeckRefusedError(`${what} has a malformed protobuf varint`);
}

/** The top-level fields of a message, in order; fixed-width fields are skipped. */
export function readProtoFields(buffer: Uint8Array, what: string): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  while (at < buffer.length) {
    const key = readVarint(buffer, at, what);
    at = key.next;
    const number = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    if (wireType === 0) {
      const value = readVarint(buffer, at, what);
      at = value.next;
      fields.push({ number, varint: value.value });
    } else if (wireType === 2) {
      const length = readVarint(buffer, at, what);
      const end = length.next + length.value;
      if (end > buffer.length) throw new DeckRefusedError(`${what} is truncated (protobuf field ${number})`);
      fields.push({ number, bytes: buffer.subarray(length.next, end) });
      at = end;
    } else if (wireType === 1) {
      at += 8;
    } else if (wireType === 5) {
      at += 4;
    } else {
      throw new DeckRefusedError(`${what} has an unsupported protobuf wire type ${wireType}`);
    }
  }
  if (at > buffer.length) throw new DeckRefusedError(`${what} is truncated (protobuf)`);
  return fields;
}
