import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Site } from '../../src/content/site.generated';
import { removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/**
 * What issue 42 corrected and added, as a visitor reads it on the served pages, in English,
 * Marathi and Hindi: the third fact-check's corrections, the free government route on every
 * scheme and registration page, the grievance contact, the sources at the foot of a page, and
 * the lenders on /about only once the firm has filled them in.
 */
const site = parse(readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8')) as Site;
const LANGUAGES = ['en', 'mr', 'hi'] as const;
type Lang = (typeof LANGUAGES)[number];
const at = (lang: Lang, route: string) => (lang === 'en' ? route : route === '/' ? `/${lang}` : `/${lang}${route}`);

let server: RunningServer;
const pagesDir = mkdtempSync(path.join(os.tmpdir(), 'issue42-pages-'));
let withLenders: RunningServer;
beforeAll(async () => {
  // A copy of the content whose firm has filled in its lenders, for /about.
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  const file = path.join(pagesDir, '_site.yaml');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(
      'lenders: []',
      'lenders:\n  - { name: Bank of Maharashtra, kind: bank }\n  - { name: Sample Housing Finance, kind: nbfc }',
    ),
  );
  [server, withLenders] = await Promise.all([startServer(), startServer({ env: { PAGES_DIR: pagesDir } })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.stop(), withLenders?.stop()]);
  for (const running of [server, withLenders]) if (running) removeDir(running.dataDir);
  rmSync(pagesDir, { recursive: true, force: true });
});

async function page(route: string, from = server) {
  const response = await fetch(new URL(route, from.url));
  expect(response.status, route).toBe(200);
  const { document } = new JSDOM(await response.text()).window;
  const main = document.querySelector('main')!;
  return { document, main, text: main.textContent.replace(/\s+/g, ' ') };
}

/** Each corrected fact: the page, what it now says in each language, and what it no longer says. */
const FACTS: { fact: string; route: string; says: Record<Lang, string[]>; not?: Record<Lang, string[]> }[] = [
  {
    fact: "CPCB's 2025 classification: new bands and a fifth category, Blue",
    route: '/mpcbnew',
    says: {
      en: ['80 and above', '55 to below 80', 'Blue', 'five categories'],
      mr: ['80 आणि त्याहून जास्त', '55 ते 80 पेक्षा कमी', 'निळा', 'पाच प्रवर्ग'],
      hi: ['80 और उससे ज़्यादा', '55 या ज़्यादा, पर 80 से कम', 'नीला (ब्लू)', 'पाँच श्रेणियाँ'],
    },
    not: { en: ['60 and above', 'a fourth white category'], mr: ['60 आणि त्याहून जास्त', 'चौथा'], hi: ['60 और उससे ज़्यादा', 'चौथी सफ़ेद'] },
  },
  {
    fact: 'a project with a prior Environmental Clearance needs no separate Consent to Establish',
    route: '/mpcbnew',
    says: { en: ['prior Environmental Clearance'], mr: ['आधीच पर्यावरण मंजुरी'], hi: ['पहले से पर्यावरण मंज़ूरी'] },
  },
  {
    fact: 'MPCB follow-up lasts until the Board decides, not until a consent is issued',
    route: '/mpcbnew',
    says: { en: ['until the Board decides'], mr: ['मंडळ निर्णय घेईपर्यंत'], hi: ['बोर्ड का फ़ैसला होने तक'] },
    not: { en: ['until the consent order is issued'], mr: ['संमती आदेश मिळेपर्यंत'], hi: ['कंसेंट ऑर्डर जारी होने तक'] },
  },
  {
    fact: 'shops: the ordinance of 1 October 2025 moved registration to 20 workers, a bill followed, and the page says the ordinance may have lapsed',
    route: '/alllicense',
    says: {
      en: [
        'from 10 to 20',
        '1 October 2025',
        '8 December 2025',
        'An ordinance lapses unless the legislature passes such a bill',
        'Maharashtra Shops and Establishments (Regulation of Employment and Conditions of Service) Act, 2017',
      ],
      mr: [
        '10 वरून 20',
        '1 ऑक्टोबर 2025',
        '8 डिसेंबर 2025',
        'अध्यादेश संपुष्टात येतो',
        'महाराष्ट्र दुकाने व आस्थापना (नोकरीचे विनियमन व सेवाशर्ती) अधिनियम, 2017',
      ],
      hi: [
        '10 से बढ़ाकर 20',
        '1 अक्टूबर 2025',
        '8 दिसंबर 2025',
        'अध्यादेश ख़त्म हो जाता है',
        'महाराष्ट्र दुकान और प्रतिष्ठान (रोज़गार विनियमन और सेवा शर्तें) अधिनियम, 2017',
      ],
    },
    not: {
      en: ['since 1 October 2025 one with 20 or more workers registers'],
      mr: ['1 ऑक्टोबर 2025 पासून 20 किंवा अधिक'],
      hi: ['1 अक्टूबर 2025 से 20 या ज़्यादा'],
    },
  },
  {
    fact: 'factories come under the OSH Code, 2020: 20 workers with power, 40 without',
    route: '/alllicense',
    says: {
      en: ['Occupational Safety, Health and Working Conditions Code, 2020', '20 or more workers where power is used'],
      mr: ['व्यावसायिक सुरक्षा, आरोग्य आणि कामाच्या स्थिती संहिता, 2020', '40 किंवा अधिक कामगार'],
      hi: ['व्यावसायिक सुरक्षा, स्वास्थ्य और कार्य दशा संहिता, 2020', '40 या ज़्यादा कामगार'],
    },
  },
  {
    fact: 'a trader needs a Udyam number for a CGTMSE guarantee (since 16 January 2023); its registration counts for priority-sector lending',
    route: '/trader',
    says: {
      en: ['since 16 January 2023', 'Udyam Registration Number', 'for priority-sector lending'],
      mr: ['16 जानेवारी 2023 पासून', 'Udyam नोंदणी क्रमांक', 'प्राधान्य क्षेत्रातील कर्जासाठी'],
      hi: ['16 जनवरी 2023 से', 'Udyam रजिस्ट्रेशन नंबर', 'प्रायोरिटी सेक्टर'],
    },
    not: {
      en: ['easier to access priority-sector lending and MSME schemes', 'not from Udyam'],
      mr: ['MSME योजनांचा लाभ घेणे सोपे', 'Udyam मुळे नव्हे'],
      hi: ['MSME योजनाओं का फ़ायदा लेना आसान', 'Udyam से नहीं'],
    },
  },
  ...(['/', '/homeloan', '/about'] as const).map((route) => ({
    fact: `${route}: no promise that the money reaches your account`,
    route,
    says: { en: ['the lender'], mr: ['निर्णय'], hi: ['फ़ैसले'] },
    not: {
      en: [
        'until the money reaches your account',
        'until the money is disbursed',
        'until the loan is disbursed',
        'First Call to Disbursement',
      ],
      mr: ['खात्यात जमा होईपर्यंत', 'वितरित होईपर्यंत'],
      hi: ['आपके खाते में नहीं पहुँच', 'रक़म जारी होने तक आपके साथ बने'],
    },
  })),
  {
    fact: 'ISO: the certification body decides',
    route: '/mpcb',
    says: { en: ['the certification body decides'], mr: ['निर्णय प्रमाणन संस्था घेते'], hi: ['फ़ैसला सर्टिफ़िकेशन संस्था करती है'] },
    not: { en: ['pass the audit'], mr: ['ऑडिट पार'], hi: ['ऑडिट पास करने'] },
  },
  {
    fact: "contractors: no 'never', class upgrades follow the department's rules, buying can lower costs, no unsourced figures",
    route: '/roadcontractor',
    says: {
      en: ["department's own rules", 'depending on how much you use it', 'Each lender sets its own terms'],
      mr: ['विभागाच्या स्वतःच्या नियमांवर', 'यंत्राचा वापर किती होतो', 'स्वतःच्या अटी ठरवते'],
      hi: ['विभाग के अपने नियमों पर', 'मशीन कितनी चलती है', 'अपनी शर्तें ख़ुद तय करती है'],
    },
    not: {
      en: ['never stops the next job', '75-85%', '144 months', 'rough guide'],
      mr: ['कधी थांबवणार नाही', '75-85%', '144 महिन्यां', 'ढोबळ'],
      hi: ['कभी न रोके', '75-85%', '144 महीनों', 'मोटा अनुमान'],
    },
  },
  {
    fact: 'venture capital: investors decide; SEBI alternative investment funds; no unsourced stake range',
    route: '/venturecapitalist',
    says: {
      en: ['the investors decide', 'alternative investment funds (venture capital funds)', 'There is no fixed share'],
      mr: ['निर्णय गुंतवणूकदार घेतात', 'पर्यायी गुंतवणूक निधी', 'ठरलेला हिस्सा असा काही नसतो'],
      hi: ['फ़ैसला निवेशक करते हैं', 'वैकल्पिक निवेश फ़ंडों', 'कोई तय हिस्सेदारी नहीं होती'],
    },
    not: {
      en: ["the money reaching the company's bank account", '10-40%'],
      mr: ['बँक खात्यात जमा होईपर्यंत', '10-40%'],
      hi: ['बैंक खाते में पहुँचने', '10-40%'],
    },
  },
  {
    fact: "PSI-2019's terms apply to units whose effective steps fell in its period; the 2025 policy reaches services",
    route: '/psi',
    says: {
      en: ["PSI-2019's terms", 'to service units too'],
      mr: ['PSI-2019 च्या अटी', 'सेवा युनिटनाही'],
      hi: ['PSI-2019 की शर्तें', 'सेवा यूनिटों को भी'],
    },
  },
  {
    fact: "consolidating debt on a property: the risk is stated; rates are the bank's own, with no unsourced range",
    route: '/propertyloan',
    says: {
      en: ['secures debts that were unsecured', 'sbi.co.in'],
      mr: ['विनातारण असलेली कर्जे आता तुमच्या मालमत्तेच्या तारणावर', 'sbi.co.in'],
      hi: ['बिना गिरवी का था, वह आपकी प्रॉपर्टी की गिरवी पर', 'sbi.co.in'],
    },
    not: { en: ['8.5% to 9.5%', '9.15%', 'loan broker'], mr: ['8.5% ते', '9.15%', 'ब्रोकर'], hi: ['8.5% से', '9.15%', 'ब्रोकर'] },
  },
  {
    fact: 'MUDRA: applied for on JanSamarth or at a lender, free, with the PIB warning against fee letters (issue 55)',
    route: '/mudra',
    says: {
      en: ['on JanSamarth', 'Applying is free', 'letters asking for a fee to release one are fake'],
      mr: ['जनसमर्थवर', 'अर्ज करणे मोफत आहे', 'पत्रे बनावट असतात'],
      hi: ['जनसमर्थ पर', 'आवेदन मुफ़्त है', 'पत्र नक़ली हैं'],
    },
  },
  {
    fact: 'CMEGP: the District Industries Centre has appointed no private agency (issue 55)',
    route: '/cmegp',
    says: {
      en: ['no private agency or person has been appointed for CMEGP work'],
      mr: ['कोणत्याही खासगी संस्थेची किंवा व्यक्तीची नेमणूक केलेली नाही'],
      hi: ['किसी निजी संस्था या व्यक्ति को नियुक्त नहीं किया गया है'],
    },
  },
  {
    fact: "PMFME: the state's district resource persons help for free, the scheme pays them (issue 55)",
    route: '/agroprocessing',
    says: {
      en: ['district resource persons', 'their help costs you nothing'],
      mr: ['जिल्हा संसाधन व्यक्ती', 'तुम्हाला काहीही द्यावे लागत नाही'],
      hi: ['ज़िला रिसोर्स पर्सन', 'आपको कुछ नहीं देना पड़ता'],
    },
  },
  {
    fact: 'tourism: the Maharashtra Tourism Policy 2024, by name and date (issue 55)',
    route: '/hotal',
    says: {
      en: ['Tourism Policy 2024', 'July 2024'],
      mr: ['पर्यटन धोरण 2024', 'जुलै 2024'],
      hi: ['पर्यटन नीति 2024', 'जुलाई 2024'],
    },
  },
  {
    fact: 'StartUp India: the Fund of Funds commits money to SEBI-registered alternative investment funds (issue 55)',
    route: '/pancard',
    says: { en: ['alternative investment funds'], mr: ['पर्यायी गुंतवणूक निधी'], hi: ['वैकल्पिक निवेश फ़ंडों'] },
    not: { en: ['SEBI-registered venture funds'], mr: ['नोंदणीकृत व्हेंचर फंडांमध्ये'], hi: ['रजिस्टर्ड वेंचर फ़ंडों'] },
  },
  {
    fact: "women: the state's factory incentives are for manufacturing units",
    route: '/women',
    says: { en: ['are for manufacturing units'], mr: ['उत्पादन युनिटसाठीच'], hi: ['सिर्फ़ मैन्युफ़ैक्चरिंग यूनिटों के लिए'] },
  },
  {
    fact: 'PMAY-Urban 2.0: the buyer must not own a pucca house; loans from 1 September 2024',
    route: '/homeloan',
    says: { en: ['own no pucca house', '1 September 2024'], mr: ['पक्के घर नसलेल्या', '1 सप्टेंबर 2024'], hi: ['बिना पक्के घर', '1 सितंबर 2024'] },
  },
];

describe('the third fact-check, on the served pages in three languages', () => {
  for (const { fact, route, says, not } of FACTS)
    test.each(LANGUAGES)(`${fact} (%s)`, async (lang) => {
      const { text } = await page(at(lang, route));
      for (const words of says[lang]) expect(text, `${at(lang, route)} says "${words}"`).toContain(words);
      for (const words of not?.[lang] ?? []) expect(text, `${at(lang, route)} no longer says "${words}"`).not.toContain(words);
    });
});

/** The government-scheme and registration pages, and the portal each names. */
const GOVERNMENT_ROUTES: [string, string][] = [
  ['/pmegp', 'https://www.kviconline.gov.in/pmegpeportal/pmegphome/index.jsp'],
  ['/cmegp', 'https://maha-cmegp.gov.in/homepage'],
  ['/mudra', 'https://www.jansamarth.in'],
  ['/agroprocessing', 'https://pmfme.mofpi.gov.in'],
  ['/hotal', 'https://maharashtratourism.gov.in'],
  ['/cgtmse', 'https://www.kviconline.gov.in/pmegpeportal/pmegphome/index.jsp'],
  ['/psi', 'https://di.maharashtra.gov.in'],
  ['/women', 'https://www.kviconline.gov.in/pmegpeportal/pmegphome/index.jsp'],
  ['/clcss', 'https://di.maharashtra.gov.in'],
  ['/electronicspolicy', 'https://di.maharashtra.gov.in'],
  ['/textilepolicy', 'https://gr.maharashtra.gov.in'],
  ['/udhamadhar', 'https://udyamregistration.gov.in'],
  ['/shopact', 'https://udyamregistration.gov.in'],
  ['/pancard', 'https://www.startupindia.gov.in'],
  ['/gstregistration', 'https://www.manakonline.in'],
  ['/mpcbnew', 'https://www.mpcb.gov.in'],
  ['/alllicense', 'https://maitri.mahaonline.gov.in'],
];
const FIRM_SENTENCE: Record<Lang, string> = {
  en: `${site.name} is a private consultancy: not a government office, and not an agent of any government department.`,
  mr: `${site.name} ही खासगी सल्लागार संस्था आहे: आम्ही सरकारी कार्यालय नाही, आणि कोणत्याही सरकारी विभागाचे एजंटही नाही.`,
  hi: `${site.name} एक निजी सलाहकार फ़र्म है: हम कोई सरकारी दफ़्तर नहीं हैं, और किसी सरकारी विभाग के एजेंट भी नहीं।`,
};

describe('the free government route on every scheme and registration page', () => {
  test.each(GOVERNMENT_ROUTES.flatMap(([route, portal]) => LANGUAGES.map((lang) => [at(lang, route), lang, portal] as const)))(
    '%s says the firm is private, links the official portal and says what the fee pays for',
    async (route, lang, portal) => {
      const { main } = await page(route);
      const notice = main.querySelector('.government-route')!;
      expect(notice, route).not.toBeNull();
      expect(notice.querySelector('h2')?.textContent).toBeTruthy();
      expect(notice.textContent).toContain(FIRM_SENTENCE[lang]);
      expect([...notice.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toContain(portal);
      expect(notice.querySelectorAll('p')).toHaveLength(3);
    },
  );

  test.each(LANGUAGES)('the Udyam pages say the registration itself is free (%s)', async (lang) => {
    const free = { en: 'Registration there is free', mr: 'तिथे नोंदणी मोफत आहे', hi: 'वहाँ रजिस्ट्रेशन मुफ़्त है' }[lang];
    for (const route of ['/udhamadhar', '/shopact'])
      expect((await page(at(lang, route))).main.querySelector('.government-route')!.textContent).toContain(free);
  });
});

describe('the grievance contact on /contactus and /privacy', () => {
  const contact = site.grievanceContact;
  test.each(LANGUAGES.flatMap((lang) => ['/contactus', '/privacy'].map((route) => [at(lang, route)] as const)))(
    '%s names the grievance officer, how to reach them, the answer period and where a complaint about a lender goes next',
    async (route) => {
      const { main } = await page(route);
      const block = main.querySelector('.grievance-contact')!;
      expect(block, route).not.toBeNull();
      expect(block.textContent).toContain(contact.name);
      const links = [...block.querySelectorAll('a')].map((link) => link.getAttribute('href'));
      expect(links).toEqual(
        expect.arrayContaining([
          `mailto:${contact.email}`,
          `tel:${contact.phone.replace(/[^+\d]/g, '')}`,
          'https://cms.rbi.org.in',
          'tel:14448',
          'https://grids.nhbonline.org.in',
        ]),
      );
      expect(block.textContent).toContain(String(contact.responseDays));
      expect(block.textContent).toContain('30');
      // The Integrated Ombudsman Scheme, 2026: 90 days to take a complaint to the Ombudsman.
      expect(block.textContent).toContain('2026');
      expect(block.textContent).toContain('90');
    },
  );

  test.each(LANGUAGES)('the footer and the contact page link to How We Are Paid (%s)', async (lang) => {
    const { document, main } = await page(at(lang, '/contactus'));
    expect(document.querySelector(`footer a[href="${at(lang, '/fees')}"]`)).not.toBeNull();
    expect(main.querySelector(`a[href="${at(lang, '/fees')}"]`)).not.toBeNull();
    const fees = await page(at(lang, '/fees'));
    expect(fees.main.querySelectorAll('table tbody tr')).toHaveLength(3);
  });
});

describe('sources at the foot of a page', () => {
  test.each(LANGUAGES)('/mpcbnew lists its sources with who issued each and the day it was checked (%s)', async (lang) => {
    const { main } = await page(at(lang, '/mpcbnew'));
    const sources = main.querySelector('.page__sources')!;
    expect(sources.querySelector('h2')?.textContent).toBe({ en: 'Sources', mr: 'स्रोत', hi: 'स्रोत' }[lang]);
    const items = [...sources.querySelectorAll('li')];
    expect(items).toHaveLength(4);
    expect(items[0]!.querySelector('a')?.getAttribute('href')).toBe('https://cpcb.nic.in');
    expect([...items[0]!.querySelectorAll('time')].map((time) => time.getAttribute('datetime'))).toEqual(['2025-01-22', '2026-11-26']);
    // A source read only in a report of it says so.
    expect(items[0]!.textContent).toContain({ en: 'As reported by Khaitan & Co', mr: 'वृत्तस्रोत: खेतान', hi: 'रिपोर्ट का स्रोत: खेतान' }[lang]);
  });

  test('a page with no rule, figure or date of its own shows no Sources section', async () => {
    expect((await page('/career')).main.querySelector('.page__sources')).toBeNull();
  });
});

describe('the lenders on /about', () => {
  test.each(LANGUAGES)('are left out while the site file lists none (%s)', async (lang) => {
    expect((await page(at(lang, '/about'))).main.querySelector('.lenders')).toBeNull();
  });

  test.each(LANGUAGES)('are shown, banks and NBFCs apart, once the firm fills them in (%s)', async (lang) => {
    const { main } = await page(at(lang, '/about'), withLenders);
    const lenders = main.querySelector('.lenders')!;
    expect(lenders).not.toBeNull();
    expect([...lenders.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Bank of Maharashtra', 'Sample Housing Finance']);
  });
});
