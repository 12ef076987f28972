// Hindi (hi): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-hi/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_hi.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const hi: LanguageTable = {
  tag: 'hi',
  name: 'Hindi',
  encryption: ['शुरू से अंत तक एन्क्रिप'],
  events: {
    'group-created': ['{} ने "{}" ग्रुप बनाया', 'आपने "{}" ग्रुप बनाया'],
    'member-added': [
      '{} को शामिल किया गया',
      'आपको शामिल किया गया',
      '{} ने {} को जोडा',
      '{} ने आपको शामिल किया',
      'आपने {} को जोड़ा',
    ],
    'member-removed': ['{} को  हटा दिया गया', '{} ने {} को हटा दिया', 'आपने {} को हटाया'],
    // The exporting account removed: its export ends there.
    'removed-you': ['आपको हटाया गया', '{} ने आपको हटा दिया'],
    'member-left': ['{} ने छोड़ा', 'आपने छोड़ा'],
    'member-joined': [
      '{} आमंत्रण लिंक का उपयोग करके ग्रुप में शामिल हुए/हुईं',
      'आप इस ग्रुप के आमंत्रण लिंक का उपयोग करके शामिल हुए/हुईं',
    ],
    'subject-changed': [
      '{} ने ग्रुप का नाम बदलकर "{}" किया',
      '{} ने ग्रुप का नाम "{}" बदलकर "{}" किया',
      'आपने ग्रुप का नाम बदलकर "{}" किया',
      'आपने ग्रुप के नाम "{}" को बदलकर "{}" किया',
    ],
    'description-changed': [
      '{} ने ग्रुप का वर्णन बदला',
      'आपने ग्रुप का वर्णन बदला',
      '{} ने ग्रुप का वर्णन मिटाया',
      'आपने ग्रुप का वर्णन म‍िटाया',
    ],
    'icon-changed': [
      '{} ने इस ग्रुप का चिह्न बदला',
      'आपने इस ग्रुप का चिह्न बदला',
      '{} ने इस ग्रुप का चिह्न मिटाया',
      'आपने इस ग्रुप का चिह्व मिटाया',
    ],
    'security-code-changed': ['{} का सुरक्षा कोड बदल गया है. अधिक जानकारी के लिए टैप करें'],
    'number-changed': ['{} अब {} में बदल गया है'],
    'admin-changed': ['अब आप एडमिन नही हैं', 'अब आप एडमिन हैं'],
  },
  mediaOmitted: ['<मीडिया के बिना>'],
  deleted: ['यह मैसेज मिटाया गया', 'यह मैसेज आपने मिटाया है'],
  edited: [],
  fileAttached: ['{} (फ़ाइल अटैच की गई)'],
  attached: [],
  location: ['लोकेशन: {}'],
  liveLocation: ['लाइव लोकेशन शेयर किया गया'],
  missedCall: ['वीडियो कॉल छूटी', 'छूटी हुई वॉइस कॉल', 'मिस्ड ग्रुप वीडियो कॉल', 'छूटी हुई ग्रुप वॉइस कॉल'],
  poll: [],
};
