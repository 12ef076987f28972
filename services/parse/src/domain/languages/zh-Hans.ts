// Chinese (Simplified) (zh-Hans): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-zh-rCN/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_zh-rCN.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const zhHans: LanguageTable = {
  tag: 'zh-Hans',
  name: 'Chinese (Simplified)',
  encryption: ['端到端', '端对端'],
  events: {
    'group-created': ['{} 创建了 "{}" 群组', '你创建了群组"{}"', '您创建了群组"{}"'],
    'member-added': ['{} 已加入', '您已被添加', '{} 添加了 {}', '{} 添加了您', '您添加了 {}'],
    'member-removed': ['{} 被移除了', '{} 移除了 {}', '您移除了 {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['您已被移除', '{} 移除了您'],
    'member-left': ['{} 退出了', '您已退出群组'],
    'member-joined': [
      '{} 使用了群组邀请连结加入群组',
      '您使用了群组邀请连结加入群组',
      '{} 使用了群组邀请链接加入群组',
      '您使用了群组邀请链接加入群组',
    ],
    'subject-changed': [
      '{} 更改了主题为 "{}"',
      '{} 把主题从 "{}" 改为 "{}"',
      '您将群组主题更改为"{}"',
      '您把主题从 "{}" 改为 "{}"',
    ],
    'description-changed': [
      '{}更改了群组描述',
      '您更改了群组描述',
      '{} 更改了群组描述',
      '你更改了群组描述',
      '{} 删除了群组描述',
      '你删除了群组描述',
    ],
    'icon-changed': [
      '{} 更改了本群组图标',
      '您更改了本群组图标',
      '{} 删除了本群组图标',
      '您删除了本群组图标',
    ],
    'security-code-changed': [
      '{} 的安全编码已更改，点击获取更多信息。',
      '{} 的安全代码已更改，点击获取更多信息。',
    ],
    'number-changed': ['{} 将电话号码从 {} 更改至 {}', '{} 已更改为 {}'],
    'admin-changed': ['您已成为群组管理员', '您已不是群组管理员'],
  },
  mediaOmitted: ['<省略多媒体文件>', '<省略媒体文件>'],
  deleted: [
    '信息已删除',
    '您删除这个信息',
    '这个信息已为所有人删除',
    '您已为所有人删除这个信息',
    '消息已删除',
    '您已删除这条消息',
  ],
  edited: [],
  fileAttached: ['{} (文件附件)'],
  attached: [],
  location: ['位置：{}'],
  liveLocation: ['共享实时位置'],
  missedCall: ['未接语音通话', '未接视频通话', '未接群组视频通话', '未接群组语音通话'],
  poll: [],
};
