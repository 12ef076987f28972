// Arabic (ar): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-ar/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_ar.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const ar: LanguageTable = {
  tag: 'ar',
  name: 'Arabic',
  encryption: ['التشفير التام', 'مشفرة تمام'],
  events: {
    'group-created': ['{} أنشأ مجموعة "{}"', 'أنت أنشأت مجموعة "{}"'],
    'member-added': ['تمت إضافة {}', 'تمت إضافتك', '{} أضاف {}', '{} أضافك', 'أنت أضفت {}', '{}  أضافك'],
    'member-removed': ['تمت إزالة {}', '{} أزال {}', 'أنت أزلت {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['تمت إزالتك', '{} أزالك', '{}  أزالك'],
    'member-left': ['{} غادر', 'أنت غادرت'],
    'member-joined': [
      '{} انضم إلى المجموعة عبر استخدام رابط الدعوة الخاص بها',
      'أنت انضميت إلى المجموعة عبر استخدامك رابط الدعوة الخاص بها',
      'أنت انضممت إلى المجموعة عبر استخدامك رابط الدعوة الخاص بها',
    ],
    'subject-changed': [
      '{} غيّر اسم المجموعة إلى "{}"',
      '{} غيّر اسم المجموعة من "{}" إلى "{}"',
      'أنت غيّرت اسم المجموعة إلى "{}"',
      'أنت غيّرت اسم المجموعة من "{}" إلى "{}"',
    ],
    'description-changed': [
      '{} غيّر وصف المجموعة',
      'أنت غيّرت وصف المجموعة',
      '{} حذف وصف المجموعة',
      'أنت حذفت وصف المجموعة',
    ],
    'icon-changed': [
      '{} غيّر أيقونة هذه المجموعة',
      'أنت غيّرت أيقونة هذه المجموعة',
      '{} حذف أيقونة هذه المجموعة',
      'أنت حذفت أيقونة هذه المجموعة',
      '{}  غيّر أيقونة هذه المجموعة',
    ],
    'security-code-changed': ['تغير رمز أمان {}. انقر للمزيد من المعلومات'],
    'number-changed': ['تم تغيير رقم هاتف {} من {} إلى {}', 'تم تغيير رقم الهاتف من {} إلى {}'],
    'admin-changed': ['أصبحت الآن مشرفاً', 'أنت لم تعد مشرفاً'],
  },
  mediaOmitted: ['<تم استبعاد الوسائط>'],
  deleted: [
    'تم حذف هذه الرسالة',
    'أنت حذفت هذه الرسالة',
    'تم حذف هذه الرسالة لدى الجميع',
    'أنت حذفت هذه الرسالة لدى الجميع',
  ],
  edited: [],
  fileAttached: ['{} (الملف مرفق)'],
  attached: [],
  location: ['الموقع: {}'],
  liveLocation: ['تمت مشاركة الموقع المباشر'],
  missedCall: [
    'مكالمة صوتية فائتة',
    'مكالمة فيديو فائتة',
    'مكالمة فيديو جماعية فائتة',
    'مكالمة صوتية جماعية فائتة',
  ],
  poll: [],
};
