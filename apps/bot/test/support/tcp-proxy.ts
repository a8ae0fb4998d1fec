// A TCP proxy between the bot and PostgreSQL that a test can stall (bytes held, connections kept:
// a database that stops answering) or cut (every connection dropped and new ones refused: a
// database that is unreachable), in real time.
import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Holds every byte in both directions until `resume()`. */
  stall(): void;
  resume(): void;
  /** Drops every connection; new ones are refused until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let stalled = false;
  let down = false;
  const pairs = new Set<[Socket, Socket]>();
  const held: { to: Socket; chunk: Buffer }[] = [];

  function forward(from: Socket, to: Socket): void {
    from.on("data", (chunk: Buffer) => {
      if (stalled) held.push({ to, chunk });
      else to.write(chunk);
    });
  }

  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    cut() {
      down = true;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
      held.length = 0;
    },
    restore() {
      down = false;
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
