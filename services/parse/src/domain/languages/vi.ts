// Vietnamese (vi): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-vi/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_vi.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const vi: LanguageTable = {
  tag: 'vi',
  name: 'Vietnamese',
  encryption: ['mã hóa đầu', 'mã hoá đầu'],
  events: {
    'group-created': ['{} đã tạo nhóm "{}"', 'Bạn đã tạo nhóm "{}"'],
    'member-added': [
      '{} đã được thêm vào nhóm',
      'Bạn đã được thêm vào nhóm',
      '{} đã thêm {} vào nhóm',
      '{} đã thêm bạn vào nhóm',
      'Bạn đã thêm {} vào nhóm',
      'Đã thêm {}',
      '{} đã thêm {}',
      '{} đã thêm bạn',
      'Bạn đã thêm {}',
    ],
    'member-removed': [
      '{} đã bị bỏ',
      '{} đã bỏ {} khỏi nhóm',
      'Bạn đã bỏ {} khỏi nhóm',
      'Đã xóa {}',
      '{} đã xóa {} khỏi nhóm',
      'Bạn đã xóa {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Bạn đã bị bỏ', '{} đã bỏ bạn ra khỏi nhóm', 'Bạn đã bị xóa', '{} đã xóa bạn'],
    'member-left': ['{} đã rời nhóm', 'Bạn đã rời nhóm'],
    'member-joined': [
      '{} đã tham gia nhóm này bằng liên kết mời',
      'Bạn đã tham gia nhóm này bằng liên kết mời',
    ],
    'subject-changed': [
      '{} đã đổi tên nhóm thành "{}"',
      '{} đã đổi tên nhóm từ "{}" thành "{}"',
      'Bạn đã đổi tên nhóm thành "{}"',
      'Bạn đã đổi tên nhóm từ "{}" thành "{}"',
    ],
    'description-changed': [
      '{} đã thay đổi mô tả nhóm',
      'Bạn đã thay đổi mô tả nhóm',
      '{} đã xóa mô tả nhóm',
      'Bạn đã xóa mô tả nhóm',
    ],
    'icon-changed': [
      '{} đã thay đổi biểu tượng nhóm này',
      'Bạn đã đổi biểu tượng nhóm',
      '{} đã xóa biểu tượng nhóm này',
      'Bạn đã xóa biểu tượng nhóm',
      '{} đã thay đổi biểu tượng của nhóm này',
      'Bạn đã đổi biểu tượng của nhóm này',
      '{} đã xóa biểu tượng của nhóm này',
      'Bạn đã xóa biểu tượng nhóm này',
    ],
    'security-code-changed': [
      'Mã bảo mật của {} đã thay đổi. Nhấn để biết thêm thông tin',
      'Mã bảo mật của {} đã thay đổi. Hãy nhấn để biết thêm thông tin',
    ],
    'number-changed': ['{} đã đổi số điện thoại, từ {} thành {}', '{} đã được đổi thành {}'],
    'admin-changed': ['Bạn hiện là quản trị viên', 'Bạn không còn là quản trị viên'],
  },
  mediaOmitted: ['<Bỏ qua Media>', '<Bỏ qua tệp phương tiện>'],
  deleted: [
    'Tin nhắn này đã bị xoá',
    'Bạn đã xoá tin nhắn này',
    'Tin nhắn đã bị xoá cho mọi người',
    'Bạn đã xoá tin nhắn này cho mọi người',
    // The same texts with the tone mark on the "o" ("xóa"), as other versions write them.
    'Tin nhắn này đã bị xóa',
    'Bạn đã xóa tin nhắn này',
    'Tin nhắn đã bị xóa cho mọi người',
    'Bạn đã xóa tin nhắn này cho mọi người',
  ],
  edited: [],
  fileAttached: ['{} (tệp đính kèm)'],
  attached: [],
  location: ['vị trí: {}'],
  liveLocation: ['vị trí hiện thời được chia sẻ'],
  missedCall: ['Cuộc gọi nhỡ', 'Cuộc gọi nhỡ video', 'Cuộc gọi nhỡ video nhóm', 'Cuộc gọi nhỡ nhóm'],
  poll: [],
};
