// Polish (pl): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-pl/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_pl.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)
// - ChatExhibit's earlier list of iOS attachment words (git history of services/parse)

import type { LanguageTable } from './language-table';

export const pl: LanguageTable = {
  tag: 'pl',
  name: 'Polish',
  encryption: ['pełne szyfrowanie', 'pełnym szyfrowaniem', 'pełni zaszyfrowane'],
  events: {
    'group-created': [
      '{} utworzył(a) grupę "{}"',
      'Utworzyłeś(aś) grupę "{}"',
      '{} utworzył(a) grupę „{}”',
      'Utworzono grupę „{}”',
    ],
    'member-added': [
      '{} został(a) dodany(a)',
      'Zostałeś(aś) dodany(a)',
      '{} dodał(a) {}',
      '{} dodał(a) Cię',
      'Dodałeś(aś) {}',
      'Dodano do grupy: {}',
      'Dodano Cię',
      'Dodano: {}',
    ],
    'member-removed': [
      '{} został(a) usunięty(a)',
      '{} usunął(ęła) {}',
      'Usunąłeś(ęłaś) {}',
      'Usunięto z grupy: {}',
      '{} usunął(-ęła) {}',
      'Usunięto: {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Zostałeś(aś) usunięty(a)', '{} usunął(ęła) Cię', 'Usunięto Cię', '{} usunął(-ęła) Cię'],
    'member-left': ['{} opuścił(a)', 'Opuściłeś(aś)', '{} opuścił(a) grupę', 'Opuszczono grupę'],
    'member-joined': [
      '{} dołączył(a) do grupy używając linku z zaproszeniem',
      'Dołączyłeś(aś) używając linku z zaproszeniem do grupy',
      '{} dołączył(a) do grupy, używając linku z zaproszeniem',
      'Dołączono do grupy, używając linku z zaproszeniem',
    ],
    'subject-changed': [
      '{} zmienił(a) temat na "{}"',
      '{} zmienił(a) temat z "{}" na "{}"',
      'Zmieniłeś(aś) temat na "{}"',
      'Zmieniłeś(aś) temat z "{}" na "{}"',
      '{} zmienił(a) temat na „{}”',
      '{} zmienił(a) temat z „{}” na „{}”',
      'Zmieniono temat na „{}”',
      'Zmieniono temat z „{}” na „{}”',
    ],
    'description-changed': [
      '{} zmienił(a) opis grupy',
      'Zmieniłeś(aś) opis grupy',
      'Zmieniono opis grupy',
      '{} usunął(-ęła) opis grupy',
      'Usunięto opis grupy',
    ],
    'icon-changed': [
      '{} zmienił(a) ikonę tej grupy',
      'Zmieniłeś(aś) ikonę tej grupy',
      '{} usunął(ęła) ikonę tej grupy',
      'Usunąłeś(ęłaś) ikonę tej grupy',
      'Zmieniono ikonę grupy',
      '{} usunął(-ęła) ikonę tej grupy',
      'Usunięto ikonę grupy',
    ],
    'security-code-changed': [
      'Kod zabezpieczenia {} uległ zmianie. Więcej informacji tutaj',
      'Kod zabezpieczenia dla {} uległ zmianie. Więcej informacji tutaj',
    ],
    'number-changed': ['{} zmienił(a) numer z {} na {}', '{} zmienił(a) numer na {}'],
    'admin-changed': ['Jesteś teraz administratorem', 'Nie jesteś już administratorem'],
  },
  mediaOmitted: ['<pliki pominięto>', '<Pominięto multimedia>'],
  deleted: [
    'Ta wiadomość została usunięta',
    'Usunąłeś(aś) tę wiadomość',
    'Ta wiadomość została usunięta u wszystkich',
    'Usunąłeś(aś) tę wiadomość u wszystkich',
    'Wiadomość usunięta',
  ],
  edited: [],
  fileAttached: ['{} (załączony plik)'],
  attached: ['<załącznik: {}>'],
  location: ['położenie: {}', 'lokalizacja: {}'],
  liveLocation: ['udostępniona transmisja położenia', 'udostępniona transmisja lokalizacji'],
  missedCall: [
    'Nieodebrane połączenie',
    'Nieodebrane poł. wideo',
    'Nieodebrane poł. głosowe',
    'Nieodebrane grupowe poł. wideo',
    'Nieodebrane grupowe poł. głosowe',
  ],
  poll: [],
};
