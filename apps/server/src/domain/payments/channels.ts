/**
 * The payments room's door to payment channels (migration 005): the ones a borrower may pay on and
 * every one, as the back office lists them. SQL stays in store.ts.
 */
import { cachedRead } from '../../platform/db/cached-read.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { findActiveChannel as selectActiveChannel, isChannelActive as channelIsActive, listActiveChannels as selectActiveChannels, listChannels as selectChannels, type ChannelRow } from './store.ts';

export type { ChannelRow, PayNoticeStep } from './store.ts';

/** The active channel of this number, or null. */
export function findActiveChannel(db: Queryable, channelNumber: string): Promise<ChannelRow | null> {
  return selectActiveChannel(db, channelNumber);
}
/** Whether a channel (the internal card and checkout ones too) takes payments now. */
export function isChannelActive(db: Queryable, channelNumber: string): Promise<boolean> {
  return channelIsActive(db, channelNumber);
}
/** The active repayment channels, the default (preselected) one first. */
export function listActiveChannels(db: Queryable): Promise<ChannelRow[]> {
  return selectActiveChannels(db);
}
/** Every channel, active or not, in display order (the back office, the QR images). */
export function listChannels(db: Queryable): Promise<ChannelRow[]> {
  return selectChannels(db);
}

/** The active channels as this process keeps them (platform/db/cached-read.ts: a change is seen within a second). */
const keptActiveChannels = cachedRead('payment_channels', selectActiveChannels);
/** listActiveChannels for the borrower's screens, outside a transaction, without a query per request. */
export function activeChannels(db: Db): Promise<ChannelRow[]> {
  return keptActiveChannels.get(db);
}
