import { describe, expect, it } from 'vitest';
import { ApiCallError, NETWORK_FAILURE_MESSAGE } from '../../shared/http/client.ts';
import { repaymentFailureText } from './api.ts';

describe('the failure text of the repayment calls (spec section 8)', () => {
  it("shows the server's message, 处理失败 when it sent none, and 'error' when the network failed", () => {
    expect(repaymentFailureText(new ApiCallError('server', 'The verification code is wrong. Please check it and try again.', '800006'))).toBe(
      'The verification code is wrong. Please check it and try again.',
    );
    expect(repaymentFailureText(new ApiCallError('server', NETWORK_FAILURE_MESSAGE, '500'))).toBe('处理失败');
    expect(repaymentFailureText(new ApiCallError('server', '  ', '409'))).toBe('处理失败');
    expect(repaymentFailureText(new ApiCallError('invalid-answer', NETWORK_FAILURE_MESSAGE))).toBe('处理失败');
    expect(repaymentFailureText(new ApiCallError('network', NETWORK_FAILURE_MESSAGE))).toBe('error');
    expect(repaymentFailureText(new ApiCallError('timeout', 'The request timed out. Please try again.'))).toBe('error');
    expect(repaymentFailureText(new Error('boom'))).toBe('处理失败');
  });
});
