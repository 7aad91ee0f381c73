import { describe, expect, it } from 'vitest';
import { mailText, mailTime } from './messages.js';

describe('times in mails', () => {
  it('gives a moment in Vietnam time, in the recipient\'s language, and says so', () => {
    // 18:30 UTC is half past one the next morning in Vietnam (UTC+7), whatever zone the server runs in.
    const moment = new Date('2026-11-28T18:30:00Z');
    expect(mailTime('vi', moment)).toBe('01:30 29/11/2026');
    expect(mailTime('en', moment)).toBe('29/11/2026, 01:30');
    expect(mailTime('ko', moment)).toBe('2026. 11. 29. 01:30');
    expect(mailText('vi', 'registrationFor', { name: 'Lan', time: mailTime('vi', moment) }))
      .toBe('Mã này xác nhận đăng ký với tên Lan, thực hiện lúc 01:30 29/11/2026 (giờ Việt Nam, UTC+7). Nếu bạn không đăng ký, hãy bỏ qua e-mail này.');
    expect(mailText('en', 'registrationFor', { name: 'Lan', time: mailTime('en', moment) })).toContain('made at 29/11/2026, 01:30 (Vietnam time, UTC+7)');
  });
});
