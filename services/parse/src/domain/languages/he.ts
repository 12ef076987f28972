// Hebrew (he): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-iw/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_iw.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const he: LanguageTable = {
  tag: 'he',
  name: 'Hebrew',
  encryption: ['מקצה לקצה'],
  events: {
    'group-created': ['{} יצר/ה את הקבוצה "{}"', 'את/ה יצרת את הקבוצה "{}"'],
    'member-added': [
      '{} נוסף/ה לקבוצה',
      'נוספת לקבוצה',
      '{} הוסיף/ה את {}',
      '{} הוסיף/ה אותך',
      'הוספת את {}',
      '{} הוסיפ/ה את {}',
      '{} הוסיפ/ה אותך',
    ],
    'member-removed': ['{} הוסר/ה', '{} הסיר/ה את {}', 'הסרת את {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['הוסרת מהקבוצה', '{} הסיר/ה אותך'],
    'member-left': ['{} עזב/ה', 'את/ה עזבת'],
    'member-joined': [
      '{} הצטרף/ה באמצעות קישור ההזמנה של קבוצה זו',
      'הצטרפת לקבוצה זו באמצעות קישור ההזמנה שלה',
    ],
    'subject-changed': [
      '{} החליף/ה את הנושא ל-"{}"',
      '{} החליף/ה את נושא הקבוצה מ-"{}" ל-"{}"',
      'את/ה שינית את נושא הקבוצה ל-"{}"',
      'שינית את הנושא מ-"{}" ל-"{}"',
    ],
    'description-changed': [
      '{} שינה/תה את תיאור הקבוצה',
      'שינית את תיאור הקבוצה',
      '{} מחק/ה את תיאור הקבוצה',
      'מחקת את תיאור הקבוצה',
    ],
    'icon-changed': [
      '{} החליף/ה את תמונת קבוצה זו',
      'שינית את תמונת הקבוצה',
      '{} מחק/ה את תמונת קבוצה זו',
      'מחקת את תמונת הקבוצה',
    ],
    'security-code-changed': ['קוד האבטחה של {} השתנה. הקש/י למידע נוסף'],
    'number-changed': ['{} השתנה מ-{} ל-{}', '{} השתנה ל-{}'],
    'admin-changed': [
      'את/ה כעת מנהל/ת',
      'את/ה כבר לא מנהל/ת',
      'אינך מנהל/ת קבוצה יותר',
      'הינך מנהל/ת קבוצה כעת',
    ],
  },
  mediaOmitted: ['<מדיה הושמטה>', '<המדיה לא נכללה>'],
  deleted: ['הודעה זו נמחקה', 'מחקת הודעה זו', 'הודעה זו נמחקה אצל כולם', 'מחקת הודעה זו אצל כולם'],
  edited: [],
  fileAttached: ['{} (קובץ מצורף)'],
  attached: [],
  location: ['מיקום: {}'],
  liveLocation: ['משתף מיקום בשידור חי', 'שותף מיקום בזמן אמת'],
  missedCall: [
    'שיחה קולית שלא נענתה',
    'שיחת וידאו שלא נענתה',
    'שיחת וידאו קבוצתית שלא נענתה',
    'שיחה קולית קבוצתית שלא נענתה',
  ],
  poll: [],
};
