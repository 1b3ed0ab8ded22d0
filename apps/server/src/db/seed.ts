/** Demo data for `npm start`: placeholder until the seed module lands. */
import type { Db } from './client.ts';
import type { Config } from '../config.ts';

export interface DemoLinks {
  previewPath: string;
  orders: Array<{ status: number; meaning: string; path: string }>;
}
export async function seedDemo(_db: Db, _now: Date, _config: Config): Promise<DemoLinks | null> {
  return null;
}
export async function demoLinks(_db: Db, _config: Config): Promise<DemoLinks | null> {
  return null;
}
