/**
 * GET /api/sync/events: a committed change by one participant nudges the other participants' open streams
 * (within 2 s), never an unrelated user's — on the embedded database in process, and on PostgreSQL across two
 * server instances on one database (written on one, heard on the other through LISTEN/NOTIFY).
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.js";
import { openDb, type DbHandle } from "../../src/server/db/client.js";
import {
  SYNC_EVENT_FEED,
  SYNC_EVENTS_PATH,
} from "../../src/shared/sync/protocol.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { actors, initiate, key, type Actors } from "./observations-fixture.js";

/** One open event stream read with fetch (as the client does): the events seen so far. */
async function openStream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(base + SYNC_EVENTS_PATH, {
    headers: { authorization: `Bearer ${token}` },
    signal: ctrl.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const events: string[] = [];
  let text = "";
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const reader = res.body!.getReader();
  void (async () => {
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += dec.decode(value, { stream: true });
        for (let i = text.indexOf("\n\n"); i >= 0; i = text.indexOf("\n\n")) {
          const block = text.slice(0, i);
          text = text.slice(i + 2);
          if (block.includes(": open")) opened();
          const ev = /^event: (.*)$/m.exec(block);
          if (ev) events.push(ev[1]);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  await open;
  return { events, close: () => ctrl.abort() };
}

async function until(cond: () => boolean, ms: number): Promise<number> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - t0;
}

let t: TestApp;
let a: Actors;
let base: string;
let other: { app: FastifyInstance; handle: DbHandle; base: string } | null =
  null;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  a = await actors(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  if (t.databaseUrl) {
    // A second instance on the same PostgreSQL database (stateless instances behind a load balancer).
    const handle = await openDb({ databaseUrl: t.databaseUrl });
    const app = await buildApp({
      config: t.config,
      dbHandle: handle,
      logger: false,
    });
    other = {
      app,
      handle,
      base: await app.listen({ port: 0, host: "127.0.0.1" }),
    };
  }
}, 60_000);
afterAll(async () => {
  if (other) {
    await other.app.close();
    await other.handle.close();
  }
  await t?.close();
});

describe("GET /api/sync/events", () => {
  it("needs a signed-in user", async () => {
    expect((await fetch(base + SYNC_EVENTS_PATH)).status).toBe(401);
  });

  it("a participant's chat message nudges the other participants within 2 s, not an unrelated user", async () => {
    const id = await initiate(t, a);
    const unrelated = await t.login("faculty.math");
    const observer = await openStream(base, a.observer);
    const hod = await openStream(base, a.hod);
    const stranger = await openStream(base, unrelated);
    try {
      const res = await t.post(
        `/api/observation/${id}/messages`,
        { id: randomUUID(), body: "Monday suits me" },
        a.faculty,
        key(),
      );
      expect(res.statusCode).toBe(201);
      const ms = await until(
        () => observer.events.length > 0 && hod.events.length > 0,
        2000,
      );
      expect(observer.events).toContain(SYNC_EVENT_FEED);
      expect(ms).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 300));
      expect(
        stranger.events,
        "a user who cannot see the observation hears nothing",
      ).toEqual([]);
    } finally {
      observer.close();
      hod.close();
      stranger.close();
    }
  });

  // Only PostgreSQL can be shared by two instances (PGlite's data directory belongs to one process).
  if (process.env.OBSERVA_TEST_DB === "postgres")
    it("across instances: written on one, heard on the other (LISTEN/NOTIFY)", async () => {
      const id = await initiate(t, a, a.ids.faculty2);
      const unrelated = await t.login("faculty.math");
      const observer = await openStream(other!.base, a.observer);
      const stranger = await openStream(other!.base, unrelated);
      try {
        const res = await fetch(`${base}/api/observation/${id}/messages`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${a.faculty2}`,
            "content-type": "application/json",
            ...key(),
          },
          body: JSON.stringify({
            id: randomUUID(),
            body: "From the other instance",
          }),
        });
        expect(res.status).toBe(201);
        expect(
          await until(() => observer.events.length > 0, 2000),
        ).toBeLessThan(2000);
        await new Promise((r) => setTimeout(r, 300));
        expect(stranger.events).toEqual([]);
      } finally {
        observer.close();
        stranger.close();
      }
    });
});
