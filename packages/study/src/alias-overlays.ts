// Each server's accepted aliases, as the grader's overlay per item. Read once per server and kept
// for a short while: an acceptance in this process drops its server's copy at once, and other
// processes see it within the time to live (a few seconds of grading without a fresh alias is
// harmless; a read per answer on the hot path is not).
import * as db from "@recall/db";
import type { AliasOverlay, AliasOverlayEntry } from "@recall/grader";

/** How long a server's aliases are kept before they are read again (other processes' acceptances). */
export const ALIAS_OVERLAY_TTL_MS = 30_000;

export interface AliasOverlays {
  /** The server's overlay for one item; undefined when it has none (or there is no server). */
  of(serverId: string | null, itemId: string): Promise<AliasOverlay | undefined>;
  /** Drops the server's cached copy (after an acceptance). */
  forget(serverId: string): void;
}

export function createAliasOverlays(database: db.Database, now: () => number): AliasOverlays {
  const cache = new Map<string, { loadedAt: number; byItem: Promise<Map<string, AliasOverlayEntry[]>> }>();

  async function load(serverId: string): Promise<Map<string, AliasOverlayEntry[]>> {
    const byItem = new Map<string, AliasOverlayEntry[]>();
    for (const alias of await db.serverAliasesOf(database, serverId)) {
      const entries = byItem.get(alias.itemId) ?? [];
      entries.push({ pointId: alias.pointId, concept: alias.concept, alias: alias.alias });
      byItem.set(alias.itemId, entries);
    }
    return byItem;
  }

  return {
    async of(serverId, itemId) {
      if (serverId === null) return undefined;
      let cached = cache.get(serverId);
      const time = now();
      if (!cached || time - cached.loadedAt > ALIAS_OVERLAY_TTL_MS || time < cached.loadedAt) {
        const byItem = load(serverId);
        cached = { loadedAt: time, byItem };
        cache.set(serverId, cached);
        // A failed read is not kept: the next answer tries again.
        byItem.catch(() => {
          if (cache.get(serverId)?.byItem === byItem) cache.delete(serverId);
        });
      }
      const entries = (await cached.byItem).get(itemId);
      return entries && entries.length > 0 ? entries : undefined;
    },
    forget(serverId) {
      cache.delete(serverId);
    },
  };
}
