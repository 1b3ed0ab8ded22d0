import { describe, expect, it } from 'vitest';
import { messageLang } from './message-lang.ts';

describe('messageLang', () => {
  it('marks the Spanish and Indonesian messages and nothing else', () => {
    expect(messageLang('El pedido seleccionado no admite el envío de tipo de colección.')).toBe('es');
    expect(messageLang('Silakan pilih')).toBe('id');
    expect(messageLang('copy success')).toBeUndefined();
  });
});
