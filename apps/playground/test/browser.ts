// Finding the system Chromium for the browser test. Nothing is downloaded: the browser comes from
// Debian's packages (`.ci/run` installs it in CI). Without one the test fails and says how to
// install it, instead of passing silently.
import { existsSync } from "node:fs";

export const INSTALL_HINT =
  "apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell fonts-wqy-microhei";

export function findChromium(env: Record<string, string | undefined> = process.env): string {
  const candidates = [env.CHROMIUM_PATH, "/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium"].filter(
    (path): path is string => path !== undefined && path !== "",
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `No Chromium for the browser test (looked at ${candidates.join(", ")}). Install it with:\n  ${INSTALL_HINT}\n` +
        "or point CHROMIUM_PATH at a Chromium binary.",
    );
  }
  return found;
}
