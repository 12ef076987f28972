// Chinese (Traditional) (zh-Hant): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-zh-rTW/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_zh-rTW.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const zhHant: LanguageTable = {
  tag: 'zh-Hant',
  name: 'Chinese (Traditional)',
  encryption: ['端對端'],
  events: {
    'group-created': ['{} 建立了 "{}" 群組', '您建立了群組 "{}"'],
    'member-added': ['{} 已加入', '您被加到群組', '{} 添加了 {}', '{} 新增了您', '您新增了 {}'],
    'member-removed': ['{} 被移除了', '{} 移除了 {}', '您移除了 {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['您已被移除', '{} 移除了您'],
    'member-left': ['{} 退出了', '您已退出群組'],
    'member-joined': ['{} 使用了群組邀請連結加入群組', '您使用了群組邀請連結加入群組'],
    'subject-changed': [
      '{} 更改了主題為 "{}"',
      '{} 將主題由 "{}" 改為 "{}"',
      '您將主題更改為 "{}"',
      '您將主題由 "{}" 改為 "{}"',
      '{} 變更了主題為 "{}"',
      '您將主題變更為 "{}"',
    ],
    'description-changed': [
      '{} 更改了群組描述',
      '您更改了群組描述',
      '{} 變更了群組描述',
      '您變更了群組描述',
      '{} 刪除了群組描述',
      '您刪除了群組描述',
    ],
    'icon-changed': [
      '{} 更改了本群組圖標',
      '您更改了本群組圖標',
      '{} 刪除了本群組圖標',
      '您刪除了本群組圖標',
      '{} 變更了本群組圖標',
      '您變更了本群組圖標',
    ],
    'security-code-changed': [
      '{} 的安全編碼已更改，點擊獲取更多資訊。',
      '{} 已變更了安全碼。輕按以顯示更多資料。',
    ],
    'number-changed': ['{} 將電話號碼從 {} 更改至 {}', '{} 已變更為 {}'],
    'admin-changed': ['您已成為群組管理員', '您已不是本群組管理員'],
  },
  mediaOmitted: ['<忽略多媒體檔>', '<省略多媒體>'],
  deleted: ['此訊息已刪除。', '您已刪除此訊息', '此訊息已為所有人刪除', '您為所有人刪除此訊息'],
  edited: [],
  fileAttached: ['{} (附件檔案)'],
  attached: [],
  location: ['位置： {}'],
  liveLocation: ['實時位置已分享'],
  missedCall: ['未接語音通話', '未接視像通話', '未接群組視像通話', '未接群組語音通話'],
  poll: [],
};
