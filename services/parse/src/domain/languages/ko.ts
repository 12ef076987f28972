// Korean (ko): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-ko/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_ko.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const ko: LanguageTable = {
  tag: 'ko',
  name: 'Korean',
  encryption: ['종단간 암호화'],
  events: {
    'group-created': ['{}님이 “{}”그룹을 만들었습니다', '“{}”그룹을 만들었습니다'],
    'member-added': [
      '{}님이 추가되었습니다',
      '그룹에 추가되었습니다',
      '{}님이 {}님을 추가했습니다',
      '{}님에게 초대받았습니다',
      '{}님을 추가했습니다',
    ],
    'member-removed': ['{}님 강제 퇴장', '{}님이 {}님을 그룹에서 퇴장시켰습니다', '{}님을 퇴장 시켰습니다'],
    // The exporting account removed: its export ends there.
    'removed-you': ['강제 퇴장되었습니다', '{}님에게 퇴장당했습니다'],
    'member-left': ['{}님이 퇴장하였습니다', '퇴장했습니다'],
    'member-joined': ['{}님이 이 그룹 초대 링크로 참여했습니다', '이 그룹 초대 링크로 참여했습니다'],
    'subject-changed': [
      '{}님이 그룹 이름을 “{}”로 변경했습니다',
      '{}님이 그룹 이름을 “{}”에서 “{}”로 변경했습니다',
      '그룹 이름을 “{}”(으)로 변경했습니다',
      '그룹 이름을 “{}”에서 “{}”로 변경했습니다',
      '{}님이 그룹 이름을 “{}”(으)로 변경했습니다',
      '{}님이 그룹 이름을 “{}”에서 “{}”(으)로 변경했습니다',
      '그룹 이름을 “{}”에서 “{}”(으)로 변경했습니다',
    ],
    'description-changed': [
      '{}님이 그룹 설명을 변경했습니다',
      '그룹 설명을 변경했습니다',
      '{}님이 그룹 설명을 삭제했습니다',
      '그룹 설명을 삭제했습니다',
    ],
    'icon-changed': [
      '{}님이 그룹아이콘을 변경했습니다',
      '그룹아이콘을 변경하였습니다',
      '{}님이 그룹 아이콘을 변경하였습니다',
      '그룹 아이콘을 삭제하였습니다',
      '그룹 아이콘을 변경했습니다',
      '그룹 아이콘을 삭제했습니다',
    ],
    'security-code-changed': ['{}님의 보안 코드가 변경되었습니다. 더 많은 정보를 보려면 탭하세요'],
    'number-changed': [
      '{}님의 전화번호가 {}번에서 {}번으로 변경되었습니다',
      '{}번에서 {}번으로 변경되었습니다',
    ],
    'admin-changed': ['그룹장이 되었습니다', '더이상 그룹장이 아닙니다', '더 이상 그룹장이 아닙니다'],
  },
  mediaOmitted: ['<미디어 파일을 생략한 대화내용>', '<미디어 파일 제외됨>'],
  deleted: [
    '이 메시지는 삭제되었습니다',
    '삭제한 메시지입니다',
    '이 메시지는 모든 멤버에게서 삭제되었습니다',
    '모든 멤버에게서 삭제한 메시지입니다',
  ],
  edited: [],
  fileAttached: ['{} (파일 첨부됨)'],
  attached: [],
  location: ['위치: {}'],
  liveLocation: ['공유한 실시간 위치'],
  missedCall: ['부재중 전화', '부재중 영상통화', '부재중 그룹 영상통화', '부재중 그룹 통화'],
  poll: [],
};
