import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

declare const opaque: unique symbol;

/**
 * One database transaction as a use case holds it: handed on to repositories, never opened up,
 * so that TypeORM stays in the repositories (lint keeps `typeorm` and `managerOf` out of use
 * cases and domain code).
 */
export interface Transaction {
  readonly [opaque]: 'Transaction';
}

/** For repositories: the EntityManager a transaction runs its statements through. */
export const managerOf = (tx: Transaction): EntityManager => tx as unknown as EntityManager;

const transactionOf = (manager: EntityManager): Transaction => manager as unknown as Transaction;

/** Transactions of one service's schema. */
@Injectable()
export class UnitOfWork {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: what the repositories do with it commits together, or none of it. */
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(transactionOf(manager)));
  }

  /**
   * Runs `effect` once per `key` (export id + step, an event id) however often its work item is
   * delivered: the inbox row and the effect commit together, and a second delivery finds the row
   * and skips. A concurrent duplicate blocks on the row until the first commits, then skips.
   */
  once(key: string, effect: (tx: Transaction) => Promise<void>): Promise<'done' | 'already-done'> {
    return this.run(async (tx) => {
      if (!(await this.record(tx, key))) return 'already-done';
      await effect(tx);
      return 'done';
    });
  }

  /** Writes `key` into the service's inbox in `tx`: false when it is there already. */
  async record(tx: Transaction, key: string): Promise<boolean> {
    const inserted: unknown[] = await managerOf(tx).query(
      `INSERT INTO ${this.inbox} ("key") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "key"`,
      [key],
    );
    return inserted.length > 0;
  }

  /** Whether the service's inbox holds `key`, as `tx` sees it. */
  async recorded(tx: Transaction, key: string): Promise<boolean> {
    const found: unknown[] = await managerOf(tx).query(`SELECT 1 FROM ${this.inbox} WHERE "key" = $1`, [key]);
    return found.length > 0;
  }

  /** The kit's `inbox` table in the service's schema. */
  private get inbox(): string {
    return `"${(this.dataSource.options as { schema?: string }).schema}"."inbox"`;
  }
}
