export const DISCORD_EPOCH_MS = 1_420_070_400_000;
/**
 * Ids minted before this instant would be shorter than 17 digits; discord.js groups rate limits by
 * ids of snowflake shape, so an injected clock that starts near zero is lifted to here.
 */
const EARLIEST_MINT_MS = 1_600_000_000_000;

/** Mints unique, increasing snowflakes from the injected clock, so ids are stable in tests. */
export class SnowflakeMint {
  private increment = 0n;
  private lastMs = 0;
  constructor(private readonly now: () => number) {}

  next(): string {
    const ms = Math.max(this.now(), EARLIEST_MINT_MS, this.lastMs);
    this.lastMs = ms;
    this.increment += 1n;
    return ((BigInt(ms - DISCORD_EPOCH_MS) << 22n) | (this.increment & 0x3fffffn)).toString();
  }
}

export function snowflakeTimestampMs(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}
