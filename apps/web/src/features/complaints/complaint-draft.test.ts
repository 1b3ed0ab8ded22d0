import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEY, readDraft, saveDraft } from './complaint-draft.ts';

const choice = { problemType: '1', problemSonType: '11', orderNo: 'PN1' };

describe('the complaint draft', () => {
  it('comes back for the same type, sub-type and order only', () => {
    saveDraft({ ...choice, detail: 'They shouted at me.', images: ['/uploads/complaints/a.png'] });
    expect(readDraft(choice)).toEqual({ detail: 'They shouted at me.', images: ['/uploads/complaints/a.png'] });
    expect(readDraft({ ...choice, problemSonType: '12' })).toEqual({ detail: '', images: [] });
    expect(readDraft({ ...choice, orderNo: 'PN2' })).toEqual({ detail: '', images: [] });
  });

  it('is removed when emptied or cleared, and survives damaged storage', () => {
    saveDraft({ ...choice, detail: 'x', images: [] });
    saveDraft({ ...choice, detail: '', images: [] });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    saveDraft({ ...choice, detail: 'x', images: [] });
    clearDraft();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    localStorage.setItem(DRAFT_KEY, '{not json');
    expect(readDraft(choice)).toEqual({ detail: '', images: [] });
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...choice, detail: 5, images: ['/a.png', 7] }));
    expect(readDraft(choice)).toEqual({ detail: '', images: ['/a.png'] });
  });
});
