/**
 * Background work while the database is away (issue 8): the jobs pause with one warning instead of failing every
 * tick, back off, and resume by themselves when a run succeeds again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JobScheduler } from '../src/jobs/scheduler';

function recordingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg?: string) => lines.push({ level, msg: msg ?? '' });
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

async function until(probe: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('background jobs while the database is away', () => {
  it('pause with one warning, back off, and resume on their own', async () => {
    const { log, lines } = recordingLogger();
    let databaseUp = false;
    let attemptsWhileDown = 0;
    let runsAfter = 0;
    const jobs = new JobScheduler(true, log, [50, 50, 50]);
    jobs.every('a', 5, async () => {
      if (!databaseUp) {
        attemptsWhileDown++;
        throw connectionLost();
      }
      runsAfter++;
    });
    jobs.every('b', 5, async () => {
      if (!databaseUp) throw connectionLost();
    });
    jobs.start();
    await until(() => jobs.paused);
    // 300 ms at one tick per 5 ms would be ~60 attempts; paused 50 ms at a time it is a handful.
    await new Promise((r) => setTimeout(r, 300));
    expect(attemptsWhileDown).toBeLessThanOrEqual(10);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(0);

    databaseUp = true;
    await until(() => !jobs.paused && runsAfter > 2);
    expect(lines.filter((l) => l.msg.includes('resumed'))).toHaveLength(1);
    await jobs.stop();
  });

  it('a job failing for another reason is logged as an error and does not pause the others', async () => {
    const { log, lines } = recordingLogger();
    let otherRuns = 0;
    const jobs = new JobScheduler(true, log, [1_000]);
    jobs.every('broken', 5, async () => {
      throw new Error('a bug');
    });
    jobs.every('fine', 5, async () => {
      otherRuns++;
    });
    jobs.start();
    await until(() => otherRuns > 3 && lines.some((l) => l.level === 'error'));
    expect(jobs.paused).toBe(false);
    await jobs.stop();
  });
});
