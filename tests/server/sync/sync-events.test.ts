/**
 * GET /api/sync/events: a committed change by one participant nudges the other participants' open streams
 * (within 2 s), never an unrelated user's — on the embedded database in process, and on PostgreSQL across two
 * server instances on one database (written on one, heard on the other through LISTEN/NOTIFY).
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app.js";
import { loadConfig } from "../../../src/server/config.js";
import { openDb, type DbHandle } from "../../../src/server/db/client.js";
import {
  SYNC_EVENT_FEED,
  SYNC_EVENTS_PATH,
} from "../../../src/shared/sync/protocol.js";
import { createTestApp, type TestApp } from "../support/helpers.js";
import { actors, initiate, key, scheduleDone, type Actors } from "../support/observations-fixture.js";

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
  const state = { ended: false };
  const reader = res.body!.getReader();
  void (async () => {
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          state.ended = true;
          return;
        }
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
  return { events, close: () => ctrl.abort(), get ended() { return state.ended; } };
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
/** The Computer Science observation of the first test (observer@, faculty@, hod@). */
let csObservation: string;
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
    const id = (csObservation = await initiate(t, a));
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

  it("a logout ends the session's streams at once; a password change ends the other sessions' streams", async () => {
    const first = await t.login("observer2");
    const second = await t.login("observer2");
    const a1 = await openStream(base, first);
    const a2 = await openStream(base, second);
    const logout = await t.post("/api/auth/logout", {}, first, key());
    expect(logout.statusCode).toBe(200);
    expect(await until(() => a1.ended, 2000)).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 200));
    expect(a2.ended, "another session of the same user stays open").toBe(false);
    const third = await t.login("observer2");
    const a3 = await openStream(base, third);
    const reset = await t.put("/api/auth/reset-password", { oldPassword: "observa-demo", newPassword: "another-pass-1" }, second, key());
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await until(() => a3.ended, 2000)).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 200));
    expect(a2.ended, "the session that changed the password keeps its stream").toBe(false);
    a2.close();
  });

  if (process.env.OBSERVA_TEST_DB === "postgres")
    it("across instances: a logout on one instance ends the session's stream on the other", async () => {
      const token = await t.login("faculty2");
      const stream = await openStream(other!.base, token);
      expect((await t.post("/api/auth/logout", {}, token, key())).statusCode).toBe(200);
      expect(await until(() => stream.ended, 2000)).toBeLessThan(2000);
    });

  it("caps streams per user and in total (429 with Retry-After); probes once per user, never for users with nothing new", async () => {
    const capped = await buildApp({ config: { ...t.config, streamLimits: { perUser: 3, total: 5 } }, dbHandle: t.handle, logger: false });
    const cappedBase = await capped.listen({ port: 0, host: "127.0.0.1" });
    const open: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      const hodMath = await t.login("hod.math");
      for (let i = 0; i < 3; i++) open.push(await openStream(cappedBase, hodMath));
      const refused = await fetch(cappedBase + SYNC_EVENTS_PATH, { headers: { authorization: `Bearer ${hodMath}` } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: expect.any(String) });
      const director = await t.login("director");
      const directors = [await openStream(cappedBase, director), await openStream(cappedBase, director)];
      open.push(...directors);
      const total = await fetch(cappedBase + SYNC_EVENTS_PATH, { headers: { authorization: `Bearer ${await t.login("faculty3")}` } });
      expect(total.status, "the instance's total").toBe(429);
      // A stream that ends frees its place.
      open.shift()!.close();
      await until(() => capped.feedBus.size === 4, 2000);
      open.push(await openStream(cappedBase, hodMath));

      // A chat message in Computer Science: hod.math's three streams are one user with nothing new (no probe),
      // the director's two streams are one user (one probe) who is nudged on both.
      await new Promise((r) => setTimeout(r, 300));
      for (const s of open) s.events.length = 0;
      const res = await fetch(`${cappedBase}/api/observation/${csObservation}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${a.faculty}`, "content-type": "application/json", ...key() },
        body: JSON.stringify({ id: randomUUID(), body: "Probe count" }),
      });
      expect(res.status).toBe(201);
      await until(() => directors.every((s) => s.events.length > 0), 3000);
      await new Promise((r) => setTimeout(r, 300));
      expect(capped.feedBus.lastProbes, "one probe for the director, none for hod.math").toBe(1);
      const math = open.filter((s) => !directors.includes(s));
      expect(math.map((s) => s.events.length), "hod.math heard nothing").toEqual([0, 0, 0]);
    } finally {
      for (const s of open) s.close();
      await capped.close();
    }
  });

  it("a deleted note nudges the streams of its audience only", async () => {
    const a3 = { ...a, faculty: await t.login("faculty3"), ids: { ...a.ids, faculty: a.ids.faculty3 } };
    const id = await initiate(t, a3, a.ids.faculty3);
    await scheduleDone(t, a3, id);
    const noteId = randomUUID();
    const made = await t.post(`/api/observation/${id}/notes`, { id: noteId, kind: "informed", body: "Private", offsetSeconds: 3 }, a.observer, key());
    expect(made.statusCode, made.body).toBe(201);
    const observer = await openStream(base, a.observer);
    const faculty = await openStream(base, a3.faculty);
    const math = await openStream(base, await t.login("hod.math"));
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect((await t.del(`/api/observation/${id}/notes/${noteId}`, a.observer, key())).statusCode).toBe(200);
      await until(() => observer.events.length > 0, 2000);
      await new Promise((r) => setTimeout(r, 300));
      expect(faculty.events, "the faculty member never saw the note").toEqual([]);
      expect(math.events).toEqual([]);
    } finally {
      observer.close();
      faculty.close();
      math.close();
    }
  });

  it("stream limits are settings, validated at start (defaults: 5 per user, 2000 per instance)", () => {
    expect(loadConfig({}).streamLimits).toEqual({ perUser: 5, total: 2000 });
    expect(loadConfig({ SYNC_STREAMS_PER_USER: "2", SYNC_STREAMS_MAX: "300" }).streamLimits).toEqual({ perUser: 2, total: 300 });
    for (const [k, v] of [["SYNC_STREAMS_PER_USER", "0"], ["SYNC_STREAMS_PER_USER", "x"], ["SYNC_STREAMS_MAX", "-1"], ["SYNC_STREAMS_MAX", "1.5"]]) {
      expect(() => loadConfig({ [k]: v }), `${k}=${v}`).toThrow(new RegExp(k));
    }
  });
});
