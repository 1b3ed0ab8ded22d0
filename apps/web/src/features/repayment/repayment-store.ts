/**
 * The repayment info the repayment screens keep in local storage for the repayment code screen
 * (/repaymentOfCode2, spec section 2). What comes back is checked field by field: a missing,
 * corrupt or foreign record reads as "none", never as a half-filled screen.
 */
import type { DefaultChannelDetail, PayInstruction, RepaymentPlanInfo, RolloverInfo } from '@cashloan/contract/repayment';

export const REPAYMENT_INFO_KEY = 'repaymentInfo';

export type StoredRepayment =
  | { kind: 'plan'; orderId: string; info: RepaymentPlanInfo }
  | { kind: 'rollover'; orderId: string; info: RolloverInfo };

/** What the code screen shows, already checked. */
export interface RepaymentCodeView {
  kind: 'plan' | 'rollover';
  orderId: string;
  logo: string;
  title: string;
  payCode: string;
  /** Minor units: repayAmount, or the delay amount of a rollover. */
  totalMinor: number;
  groups: Array<{ title: string; items: PayInstruction[] }>;
}

export function saveRepaymentInfo(record: StoredRepayment): void {
  try {
    localStorage.setItem(REPAYMENT_INFO_KEY, JSON.stringify({ version: 1, ...record }));
  } catch {
    // Storage full or refused: the code screen then says it has nothing to show.
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isMinor = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function instructionGroups(notice: unknown): RepaymentCodeView['groups'] | null {
  if (!isObject(notice)) return null;
  const groups: RepaymentCodeView['groups'] = [];
  for (const [title, items] of Object.entries(notice)) {
    if (!Array.isArray(items)) return null;
    const checked: PayInstruction[] = [];
    for (const item of items) {
      if (!isObject(item) || !isText(item.name) || !Array.isArray(item.steps) || !item.steps.every(isText)) return null;
      checked.push({ name: item.name, steps: item.steps });
    }
    groups.push({ title, items: checked });
  }
  return groups;
}

/** The stored record for this order (any order when none is named), or null when there is none usable. */
export function loadRepaymentCode(orderId?: string): RepaymentCodeView | null {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(REPAYMENT_INFO_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isObject(raw) || raw.version !== 1 || (raw.kind !== 'plan' && raw.kind !== 'rollover') || !isText(raw.orderId)) return null;
  if (orderId !== undefined && raw.orderId !== orderId) return null;
  const info = raw.info;
  if (!isObject(info) || !isObject(info.defDetail)) return null;
  const def = info.defDetail as Partial<Record<keyof DefaultChannelDetail, unknown>>;
  if (!isText(def.payCode) || !isText(def.logo) || !isText(def.title)) return null;
  const groups = instructionGroups(def.payNotice);
  if (!groups) return null;
  const total = raw.kind === 'rollover' ? (isObject(info.delayInfo) ? info.delayInfo.delayAmount : undefined) : info.repayAmount;
  if (!isMinor(total)) return null;
  return { kind: raw.kind, orderId: raw.orderId, logo: def.logo, title: def.title, payCode: def.payCode, totalMinor: total, groups };
}
