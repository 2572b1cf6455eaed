/**
 * Where the Outbox keeps its items: IndexedDB (they survive a reload and a closed tab, photos
 * included: a Blob is stored as it is), or memory where the browser has no IndexedDB (tests, some
 * private modes: then only for the page's life). One small interface, so the rules above it are
 * tested against the memory store.
 */
import type { OutboxItem } from './types';

export interface OutboxStore {
  /** Every item, oldest first. */
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  /**
   * Reads item `id` and stores what `change` makes of it, as one step no other tab can come
   * between (`undefined`: leave it). The item as stored after, or undefined when there is none.
   */
  update(id: string, change: (item: OutboxItem) => OutboxItem | undefined): Promise<OutboxItem | undefined>;
  remove(id: string): Promise<void>;
}

const byAge = (a: OutboxItem, b: OutboxItem) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function memoryOutboxStore(): OutboxStore {
  const items = new Map<string, OutboxItem>();
  return {
    all: () => Promise.resolve([...items.values()].sort(byAge)),
    put: (item) => {
      items.set(item.id, item);
      return Promise.resolve();
    },
    update: (id, change) => {
      const item = items.get(id);
      if (!item) return Promise.resolve(undefined);
      const next = change(item);
      if (next) items.set(id, next);
      return Promise.resolve(next ?? item);
    },
    remove: (id) => {
      items.delete(id);
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'plinth-outbox';
const DB_VERSION = 1;
const ITEMS = 'items';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export function indexedDbOutboxStore(factory: IDBFactory = indexedDB): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(ITEMS)) request.result.createObjectStore(ITEMS, { keyPath: 'id' });
      };
      request.onsuccess = () => {
        const database = request.result;
        // Another tab's newer version of the app wants the database: let it.
        database.onversionchange = () => {
          database.close();
          opened = null;
        };
        resolve(database);
      };
      request.onerror = () => {
        opened = null;
        reject(request.error ?? new Error('IndexedDB did not open'));
      };
    });
    return opened;
  };
  const transaction = async (mode: IDBTransactionMode) => {
    const tx = (await db()).transaction(ITEMS, mode);
    return { tx, items: tx.objectStore(ITEMS) };
  };
  return {
    async all() {
      const { items } = await transaction('readonly');
      const all = (await done(items.getAll())) as OutboxItem[];
      return all.sort(byAge);
    },
    async put(item) {
      const { tx, items } = await transaction('readwrite');
      items.put(item);
      await committed(tx);
    },
    async update(id, change) {
      const { tx, items } = await transaction('readwrite');
      const item = (await done(items.get(id))) as OutboxItem | undefined;
      const next = item ? change(item) : undefined;
      if (next) items.put(next);
      await committed(tx);
      return next ?? item;
    },
    async remove(id) {
      const { tx, items } = await transaction('readwrite');
      items.delete(id);
      await committed(tx);
    },
  };
}

/** IndexedDB when the browser has it, else memory. */
export function defaultOutboxStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore();
}
