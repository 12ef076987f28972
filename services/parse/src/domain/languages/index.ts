// Every language the parser has WhatsApp's wording for; docs/parser.md lists them with their sources.

import type { LanguageTable } from './language-table';
import { ar } from './ar';
import { bn } from './bn';
import { ca } from './ca';
import { cs } from './cs';
import { da } from './da';
import { de } from './de';
import { el } from './el';
import { en } from './en';
import { es } from './es';
import { fa } from './fa';
import { fi } from './fi';
import { fr } from './fr';
import { he } from './he';
import { hi } from './hi';
import { hr } from './hr';
import { hu } from './hu';
import { id } from './id';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { ms } from './ms';
import { nb } from './nb';
import { nl } from './nl';
import { pl } from './pl';
import { ptBR } from './pt-BR';
import { ptPT } from './pt-PT';
import { ro } from './ro';
import { ru } from './ru';
import { sk } from './sk';
import { sv } from './sv';
import { th } from './th';
import { tr } from './tr';
import { uk } from './uk';
import { ur } from './ur';
import { vi } from './vi';
import { zhHans } from './zh-Hans';
import { zhHant } from './zh-Hant';

export const LANGUAGES: readonly LanguageTable[] = [
  ar,
  bn,
  ca,
  cs,
  da,
  de,
  el,
  en,
  es,
  fa,
  fi,
  fr,
  he,
  hi,
  hr,
  hu,
  id,
  it,
  ja,
  ko,
  ms,
  nb,
  nl,
  pl,
  ptBR,
  ptPT,
  ro,
  ru,
  sk,
  sv,
  th,
  tr,
  uk,
  ur,
  vi,
  zhHans,
  zhHant,
];
