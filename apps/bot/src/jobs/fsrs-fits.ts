// Personal FSRS weights in the background: every few minutes, queue the fits now due and run one.
// The fit itself runs in a child process (FitRunner), so the bot's event loop keeps serving
// interactions meanwhile; the job queue in the database decides which process runs which fit.
import type { FitRunner } from "@recall/fsrs-optimizer";
import type { Logger } from "pino";
import type { StudyService } from "@recall/study";

export interface FsrsFitSchedule {
  runner: FitRunner;
  /** Names this process in job claims (host and pid). */
  worker: string;
  /** Time between passes (ms). */
  everyMs: number;
}

export interface FsrsFitLoop {
  /** One pass now (no-op while one is running). */
  runOnce(): Promise<void>;
  /** Stops the timer, kills a running fit and waits for its pass to end. */
  stop(): Promise<void>;
}

export function startFsrsFits(study: StudyService, logger: Logger, schedule: FsrsFitSchedule): FsrsFitLoop {
  let pass: Promise<void> | null = null;
  const runOnce = (): Promise<void> => {
    pass ??= study
      .runFsrsFits({ runner: schedule.runner, worker: schedule.worker, maxJobs: 1 })
      .then((runs) => {
        for (const run of runs) {
          const fields = { memberId: run.memberId, outcome: run.outcome, reviews: run.reviews, elapsedMs: Math.round(run.elapsedMs), reason: run.reason };
          if (run.outcome === "failed") logger.warn(fields, "FSRS fit failed; the member keeps their parameters");
          else logger.info(fields, "FSRS fit done");
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, "FSRS fit pass failed"))
      .finally(() => {
        pass = null;
      });
    return pass;
  };
  const timer = setInterval(() => void runOnce(), schedule.everyMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      schedule.runner.close();
      if (pass) await pass;
    },
  };
}
