// zstd frames as Anki writes them carry no content size, so output is counted while it is
// produced: a small "bomb" stops at the cap instead of filling memory.
import { Decompress } from "fzstd";
import { DeckRefusedError, formatCount } from "./limits.ts";

export const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;
const FEED_BYTES = 64 * 1024;

export function startsWithZstdMagic(bytes: Uint8Array): boolean {
  return ZSTD_MAGIC.every((byte, index) => bytes[index] === byte);
}

class OutputCapReached extends Error {}

export function decompressZstdCapped(input: Uint8Array, maxBytes: number, what: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw new OutputCapReached();
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < input.length; at += FEED_BYTES) {
      stream.push(input.subarray(at, at + FEED_BYTES), at + FEED_BYTES >= input.length);
    }
    if (input.length === 0) stream.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof OutputCapReached) {
      throw new DeckRefusedError(`${what} decompresses to more than ${formatCount(maxBytes)} bytes (refused as a zstd bomb)`);
    }
    throw new DeckRefusedError(`${what} is not valid zstd data (${error instanceof Error ? error.message : String(error)})`, 1, { cause: error });
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
