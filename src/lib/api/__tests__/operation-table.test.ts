import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPathTemplate } from '@signin-portal/verify-gateway/operation-matcher';
import { operationRows } from '../../../../generated/operations';
import { buildOperations, firstScreenOperations, type OperationRow } from '../operation-table';
import { operations, zodSchemas } from '../operations';

describe('buildOperations', () => {
  const thing = z.object({ name: z.string() });
  const rows: OperationRow[] = [
    ['getThing', 'GET', '/gw/user/{userId}/thing', 'token', 'json', 'things'],
    ['getStatus', 'GET', '/gw/status', 'none', 'text', null],
  ];

  it('turns rows into operations with a lazy schema loader', async () => {
    let loads = 0;
    const [getThing, getStatus] = buildOperations(rows, {
      things: async () => {
        loads += 1;
        return { getThingResponse: thing };
      },
    });
    expect(getThing).toMatchObject({
      operationId: 'getThing',
      method: 'GET',
      path: '/gw/user/{userId}/thing',
      security: 'token',
      responseKind: 'json',
    });
    expect(loads).toBe(0);
    expect(await getThing?.loadResponseSchema?.()).toBe(thing);
    expect(loads).toBe(1);
    expect(getStatus).toMatchObject({ operationId: 'getStatus', security: 'none', responseKind: 'text', loadResponseSchema: undefined });
  });

  it('is typed so that a row cannot name a tag without a module (checked by tsc)', () => {
    const load = async () => ({ getThingResponse: thing });
    expect(buildOperations([['getThing', 'GET', '/gw/thing', 'token', 'json', 'things']], { things: load })).toHaveLength(1);
    // @ts-expect-error the tag `things` has no module: the JSON response would go unchecked.
    expect(buildOperations([['getThing', 'GET', '/gw/thing', 'token', 'json', 'things']], { other: load })).toHaveLength(1);
  });
});

describe('the generated table', () => {
  it('has every path template well formed', () => {
    for (const [operationId, , path] of operationRows) expect(isPathTemplate(path), operationId).toBe(true);
  });

  it('loads a response schema for every JSON operation, and only for those', async () => {
    expect(operations).toHaveLength(operationRows.length);
    for (const operation of operations) {
      expect(operation.loadResponseSchema === undefined, operation.operationId).toBe(operation.responseKind !== 'json');
      const schema = await operation.loadResponseSchema?.();
      if (schema) expect(typeof schema.safeParse, operation.operationId).toBe('function');
    }
  });

  it("knows the first screen's operations from the start as the whole table has them, checked without zod", async () => {
    const firstScreenIds = operationRows.filter((row) => row[5] === 'first-screen').map(([operationId]) => operationId);
    expect(firstScreenOperations.map(({ operationId }) => operationId)).toEqual(firstScreenIds);
    for (const early of firstScreenOperations) {
      const { loadResponseSchema, ...row } = operations.find(({ operationId }) => operationId === early.operationId)!;
      expect(early).toMatchObject(row);
      const schema = await early.loadResponseSchema?.();
      expect(schema).toBeDefined();
      expect(await loadResponseSchema?.()).toBe(schema);
      expect(schema).not.toBeInstanceOf(z.ZodType);
    }
  });
});

describe('zodSchemas', () => {
  /** Resolves once a task queued now has run. */
  const laterTask = (steps: string[]) =>
    new Promise<void>((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        steps.push('a task queued before the call');
        done();
      };
      channel.port2.postMessage(null);
    });

  it("builds a tag's schemas in a later task than the call, not in the task that asked (so that neither holds the page long), and once", async () => {
    const steps: string[] = [];
    const module = { getThingResponse: z.string() };
    const loadTag = zodSchemas(async () => {
      steps.push("the tag's schemas");
      return module;
    });
    const queued = laterTask(steps);
    await expect(loadTag()).resolves.toBe(module);
    await queued;
    expect(steps).toEqual(['a task queued before the call', "the tag's schemas"]);

    // Loaded: at once, among this task's promises.
    let again: unknown;
    void loadTag().then((loaded) => (again = loaded));
    for (let tick = 0; tick < 3; tick += 1) await Promise.resolve();
    expect(again).toBe(module);
    expect(steps).toHaveLength(2);
  });

  it('asks again after a load that failed', async () => {
    let tries = 0;
    const loadTag = zodSchemas(async () => {
      tries += 1;
      if (tries === 1) throw new Error('chunk failed');
      return { getThingResponse: z.string() };
    });
    await expect(loadTag()).rejects.toThrow('chunk failed');
    await expect(loadTag()).resolves.toHaveProperty('getThingResponse');
    expect(tries).toBe(2);
  });
});
