/* Generated from schemas/ui.schema.json and the schemas it refers to by src/content/generateTypes.ts. Do not edit:
 * change the schema and run `npm run types`. */
/**
 * The words of the site's interface that are not part of any one page, in one language: pages-data/_ui.yaml in English, pages-data/<language>/_ui.yaml in each other language. Every key is required, so a translation cannot leave one out, except the words blocks own (blocks, emi, eligibility): each block folder gives them in every language (src/blocks/<Block>/<type>.words.yaml), and a key given here puts other words in their place in this language. Words in braces, such as {date}, are filled in by the site and must stay as they are.
 */
export interface InterfaceWordsFile {
  /**
   * Only in a translation (pages-data/mr/, pages-data/hi/): a fingerprint of the English file this translation was last brought up to date with. `npm run translation:stamp -- <file>` writes it; the content check warns when the English file has changed since.
   */
  source?: string;
  shell: InterfaceWordsShell;
  common: InterfaceWordsCommon;
  blocks?: InterfaceWordsBlocks;
  forms: InterfaceWordsForms;
  emi?: InterfaceWordsEmi;
  eligibility?: InterfaceWordsEligibility;
  acknowledgement: InterfaceWordsTheAcknowledgementEMail;
  dailyList: InterfaceWordsTheAdvisorsDailyList;
  status: InterfaceWordsTheStatusPage;
  documents: InterfaceWordsTheUploadPage;
  documentsEmail: InterfaceWordsTheEMailOfARequestForDocuments;
}
/**
 * The frame of every page: skip link, menu, footer, floating buttons, page dates.
 */
export interface InterfaceWordsShell {
  /**
   * The first link on every page, for keyboard users: it jumps past the menu.
   */
  skipLink: string;
  /**
   * The button that opens the menu on a phone.
   */
  menu: string;
  /**
   * What screen readers call the main menu.
   */
  mainNav: string;
  /**
   * What screen readers call the footer's list of links.
   */
  footerNav: string;
  /**
   * What screen readers call the language switcher.
   */
  languageNav: string;
  /**
   * The heading over the footer's links.
   */
  quickLinks: string;
  /**
   * The heading over the footer's phone, e-mail and address.
   */
  getInTouch: string;
  /**
   * The hidden words of the round WhatsApp button; say that it opens in a new tab.
   */
  whatsapp: string;
  /**
   * The hidden words of the round button that scrolls back to the top.
   */
  backToTop: string;
  /**
   * Shown for a moment while a page's code arrives.
   */
  loading: string;
  /**
   * The heading when a page's code could not be downloaded.
   */
  loadFailedHeading: string;
  /**
   * The sentence under that heading.
   */
  loadFailedText: string;
  /**
   * The button that loads the page again.
   */
  tryAgain: string;
  /**
   * Under every page; {date} becomes the page's updated date.
   */
  pageUpdated: string;
  /**
   * Added after it once the firm has checked the facts; {firm} is the firm's name and {date} the day.
   */
  factsChecked: string;
  /**
   * The heading of the list of sources at the foot of a page.
   */
  sourcesHeading: string;
  /**
   * The sentence under that heading.
   */
  sourcesIntro: string;
  /**
   * One source with the day it was issued; {source} is its linked title, {publisher} who issued it and {date} the day.
   */
  sourceDated: string;
  /**
   * One source without a date, such as a portal; {source} is its linked title and {publisher} who runs it.
   */
  sourceUndated: string;
  /**
   * After a source that nobody at the firm has read itself yet; {reporter} is who reported it, and when.
   */
  sourceReported: string;
  /**
   * After each source; {date} is the day someone last checked it.
   */
  sourceChecked: string;
  /**
   * The note on a page that has no translation yet and is shown in English.
   */
  untranslated: string;
  /**
   * The twelve month names, January first, as dates are written in this language.
   *
   * @minItems 12
   * @maxItems 12
   */
  months: string[];
}
/**
 * Words used by several parts of the site.
 */
export interface InterfaceWordsCommon {
  /**
   * Hidden words after a link that opens a new tab.
   */
  newTab: string;
  /**
   * Hidden word before each field's error, for screen readers.
   */
  error: string;
  /**
   * The heading of the box listing a form's mistakes.
   */
  errorSummary: string;
  /**
   * The answer yes (checker questions, the advisor's summary).
   */
  yes: string;
  /**
   * The answer no.
   */
  no: string;
}
/**
 * Words the blocks show, in every language, from their folders' words files (apply-now.words.yaml, faq.words.yaml, fees.words.yaml, government-route.words.yaml, grievance-contact.words.yaml, image-strip.words.yaml, jobs.words.yaml, lenders.words.yaml, map.words.yaml, office.words.yaml, privacy-contact.words.yaml). Give a key here only to put other words in their place; then give it in every language's _ui.yaml.
 */
export interface InterfaceWordsBlocks {
  /**
   * The Apply Now band's heading when a page gives none.
   */
  applyHeading?: string;
  /**
   * The Apply Now button, and the button of each job on Career.
   */
  applyLabel?: string;
  /**
   * The FAQ heading when a page gives none.
   */
  faqHeading?: string;
  /**
   * The heading of the fees table's first column: the kind of service.
   */
  feesService?: string;
  /**
   * The heading of its second column: what the visitor pays the firm.
   */
  feesAmount?: string;
  /**
   * The heading of its third column: what the fee pays for.
   */
  feesPaysFor?: string;
  /**
   * A fee from one amount to another; {from} and {to} are amounts in rupees.
   */
  feeRange?: string;
  /**
   * What the visitor pays when the firm charges nothing for that service.
   */
  feeNone?: string;
  /**
   * Added to the loans row when lenders pay the firm.
   */
  feeLenderPays?: string;
  /**
   * Added to the loans row when no lender pays the firm.
   */
  feeLenderPaysNot?: string;
  /**
   * The first sentence of the notice on scheme and registration pages; {firm} is the firm's name.
   */
  governmentRouteFirm?: string;
  /**
   * Where to apply yourself; {portal} is the official portal, linked.
   */
  governmentRoutePortal?: string;
  /**
   * The heading of the grievance contact when a page gives none.
   */
  grievanceHeading?: string;
  /**
   * What the grievance contact is, shown under their name.
   */
  grievanceRole?: string;
  /**
   * The promised answer time; {days} comes from grievanceContact in the site file.
   */
  grievanceAnswer?: string;
  /**
   * Where a complaint about a bank or an NBFC goes next, under the RBI's Integrated Ombudsman Scheme, 2026 (in force since 1 July 2026), with its time limit; {portal} is the RBI's complaint portal and {phone} its helpline, both linked.
   */
  grievanceEscalation?: string;
  /**
   * Which lenders the RBI's Ombudsman scheme covers, and where a complaint about a housing finance company goes instead; {nhb} is the National Housing Bank's complaint portal (GRIDS), linked.
   */
  grievanceCoverage?: string;
  /**
   * What screen readers call a strip of pictures that has no heading.
   */
  pictures?: string;
  /**
   * Hidden words after a job's Apply Now button; {job} is the job's title.
   */
  applyFor?: string;
  /**
   * The heading of the lenders the firm has agreements with, on the About page.
   */
  lendersHeading?: string;
  /**
   * The heading of the list of banks the firm has agreements with.
   */
  lendersBanks?: string;
  /**
   * The heading of the list of NBFCs the firm has agreements with.
   */
  lendersNbfcs?: string;
  /**
   * The map's title for screen readers.
   */
  mapTitle?: string;
  /**
   * The link under the map.
   */
  mapLink?: string;
  /**
   * The button that loads the map in place of its picture.
   */
  mapOpen?: string;
  /**
   * Under the map: who provides it, and that it loads only when opened (the link to the map follows).
   */
  mapNote?: string;
  /**
   * The office block's heading when a page gives none.
   */
  officeHeading?: string;
  /**
   * The office block's WhatsApp link.
   */
  officeWhatsapp?: string;
  /**
   * Opening hours: {days} is a day or range of days, {opens} and {closes} the times.
   */
  openingHours?: string;
  /**
   * A range of days, such as Monday to Saturday.
   */
  dayRange?: string;
  /**
   * The days of the week, Monday first.
   *
   * @minItems 7
   * @maxItems 7
   */
  weekdays?: string[];
  /**
   * After a morning time, such as 10:00 am.
   */
  am?: string;
  /**
   * After an afternoon or evening time, such as 6:30 pm.
   */
  pm?: string;
  /**
   * The heading of the data contact block when a page gives none.
   */
  privacyContactHeading?: string;
  /**
   * The promised answer time; {days} comes from _privacy.yaml.
   */
  privacyAnswer?: string;
}
/**
 * Words around the enquiry forms (the fields' own labels and messages are in _forms.yaml).
 */
export interface InterfaceWordsForms {
  /**
   * The submit button while a form is being sent.
   */
  sending: string;
  /**
   * When the server could not be reached or refused the form.
   */
  notSent: string;
  /**
   * When the server accepted the form but said nothing more.
   */
  received: string;
  /**
   * After a failure; {phone} is the firm's number and {whatsapp} the WhatsApp link.
   */
  failureHelp: string;
  /**
   * The WhatsApp link inside that sentence.
   */
  whatsapp: string;
  /**
   * Under the notice beside each form; {contact} is the person's name, e-mail and phone.
   */
  privacyQuestions: string;
  /**
   * The link to the Privacy page under the notice.
   */
  privacyLink: string;
  /**
   * The server's answer when a form has mistakes; each field's own message follows.
   */
  fixTheFields: string;
  /**
   * The server's answer to a field the form does not have.
   */
  notPartOfForm: string;
  /**
   * The server's answer to a mistake no field message covers.
   */
  checkAnswer: string;
  /**
   * After a privacy request is received; {date} is the day we answer by.
   */
  answerBy: string;
  /**
   * When a form names a language the site does not have.
   */
  badLanguage: string;
  /**
   * Above each form's fields.
   */
  requiredNote: string;
  /**
   * After notSent, when the phone is offline.
   */
  unreachable: string;
  /**
   * After notSent, when the server failed; {status} is the error number.
   */
  serverError: string;
  /**
   * Under the thank-you message of an enquiry form: its reference ({reference}), to keep and quote.
   */
  reference: string;
  /**
   * Under the reference on the thank-you: a link to the status page, where the enquirer sees where the enquiry stands.
   */
  statusLink: string;
  /**
   * The first, disabled choice of a list in a form, before anything is chosen.
   */
  selectOption: string;
}
/**
 * Words the blocks show, in every language, from their folders' words files (emi-calculator.words.yaml). Give a key here only to put other words in their place; then give it in every language's _ui.yaml.
 */
export interface InterfaceWordsEmi {
  /**
   * The calculator's heading when a page gives none.
   */
  heading?: string;
  /**
   * Label of the amount box.
   */
  amount?: string;
  /**
   * Unit shown after the amount label.
   */
  amountUnit?: string;
  /**
   * Label of the tenure box.
   */
  years?: string;
  /**
   * Unit shown after the tenure label.
   */
  yearsUnit?: string;
  /**
   * Label of the rate box.
   */
  rate?: string;
  /**
   * Unit shown after the rate label.
   */
  rateUnit?: string;
  /**
   * A tenure of one year.
   */
  oneYear?: string;
  /**
   * A tenure of more than one year.
   */
  manyYears?: string;
  /**
   * The hint under each box: the value the figures use.
   */
  inCalculation?: string;
  /**
   * Error for an amount out of range or not a number.
   */
  amountRange?: string;
  /**
   * Error for a tenure out of range.
   */
  yearsRange?: string;
  /**
   * Error for a rate out of range.
   */
  rateRange?: string;
  /**
   * Over the results while a box holds a mistake.
   */
  staleNote?: string;
  /**
   * The main result.
   */
  monthly?: string;
  /**
   * Result: interest over the whole loan.
   */
  totalInterest?: string;
  /**
   * Result: amount plus interest.
   */
  totalPayable?: string;
  /**
   * What screen readers hear after a change.
   */
  announcement?: string;
  /**
   * The chart's description for screen readers.
   */
  chart?: string;
  /**
   * Chart legend: the principal's share.
   */
  principalShare?: string;
  /**
   * Chart legend: the interest's share.
   */
  interestShare?: string;
  /**
   * Button that opens the yearly table.
   */
  showSchedule?: string;
  /**
   * The same button once the table is open.
   */
  hideSchedule?: string;
  /**
   * The yearly table's caption.
   */
  scheduleCaption?: string;
  /**
   * Yearly table: column heading.
   */
  year?: string;
  /**
   * Yearly table: column heading.
   */
  principalPaid?: string;
  /**
   * Yearly table: column heading.
   */
  interestPaid?: string;
  /**
   * Yearly table: column heading.
   */
  closingBalance?: string;
  /**
   * Under the calculator.
   */
  disclaimer?: string;
}
/**
 * Words the blocks show, in every language, from their folders' words files (eligibility.words.yaml). Give a key here only to put other words in their place; then give it in every language's _ui.yaml.
 */
export interface InterfaceWordsEligibility {
  /**
   * Before every question is answered.
   */
  waiting?: string;
  /**
   * Heading of a favourable result.
   */
  eligible?: string;
  /**
   * Heading of an unfavourable result.
   */
  notEligible?: string;
  /**
   * What screen readers hear when the result changes to favourable.
   */
  updatedEligible?: string;
  /**
   * What screen readers hear when the result changes to unfavourable.
   */
  updatedNotEligible?: string;
  /**
   * Heading over the documents list.
   */
  bring?: string;
  /**
   * Before the reasons for an unfavourable result.
   */
  why?: string;
  /**
   * After the reasons.
   */
  other?: string;
  /**
   * Where the rules come from; {source} is the linked source, {date} when it was checked.
   */
  rulesFrom?: string;
  /**
   * The checker's button.
   */
  check?: string;
  /**
   * Button that opens the contact form with the answers filled in.
   */
  sendToAdvisor?: string;
  /**
   * After an age box.
   */
  yearsUnit?: string;
  /**
   * First line of the message sent to an advisor.
   */
  summaryIntro?: string;
  /**
   * Last line of that message, favourable.
   */
  summaryEligible?: string;
  /**
   * Last line of that message, unfavourable; the reasons follow it.
   */
  summaryNotEligible?: string;
}
/**
 * The e-mail an enquirer who gave an e-mail address receives at once (with NOTIFY_ACKNOWLEDGE=1), in the language of the page they wrote from. Words in braces are filled in: {name} the enquirer's name (only when it is a plain name), {topic} the page they wrote from, {phone} the number they gave, {firm}, {firmPhone}, {firmEmail} and {address} the firm's details, {privacyEmail} and {privacyUrl} where to withdraw consent, {reference} the enquiry's reference, {statusUrl} the link to where it stands.
 */
export interface InterfaceWordsTheAcknowledgementEMail {
  /**
   * The e-mail's subject. Only {firm} is filled in here: what an enquirer typed never goes in a subject, which an inbox shows before the e-mail is opened.
   */
  subject: string;
  /**
   * The first line, with {name}: used only when the name is letters, spaces and dots of at most 40 characters (no web address or other text passes).
   */
  greeting: string;
  /**
   * The first line when the name given is anything else: what a stranger typed is never relayed to the address they gave.
   */
  greetingWithoutName: string;
  /**
   * That the enquiry arrived, and what about ({topic}).
   */
  received: string;
  /**
   * The enquiry's reference ({reference}), to quote when calling or writing.
   */
  reference: string;
  /**
   * The link to the status page ({statusUrl}), which opens where the enquiry stands without typing anything.
   */
  status: string;
  /**
   * The {topic} when the enquiry came from no particular page.
   */
  generalTopic: string;
  /**
   * When the firm will call, on {phone}.
   */
  callBack: string;
  /**
   * How to reach the firm meanwhile.
   */
  contact: string;
  /**
   * How to withdraw consent or have the details erased.
   */
  withdraw: string;
}
/**
 * The e-mail each advisor with an address gets at the start of each working day, in the language chosen for them under Staff accounts: their follow-ups due, the enquiries given to them, and theirs past the first-response target. Words in braces are filled in: {advisor} the advisor's name in the list's language (its display name, or the English one), {firm} the firm's name, {date} a day, {since} when the working day before began, {time} a moment, {count} how many, {deskUrl} the lead desk's address. Enquirers are named by their first name only.
 */
export interface InterfaceWordsTheAdvisorsDailyList {
  /**
   * The e-mail's subject, with {date} and {firm} only: no enquirer's name goes in a subject, which an inbox shows unopened.
   */
  subject: string;
  /**
   * The first line, with {advisor}.
   */
  greeting: string;
  /**
   * The first line for an advisor whose account has no name set (never the username).
   */
  greetingWithoutName: string;
  /**
   * What the e-mail is.
   */
  intro: string;
  /**
   * The heading of their follow-ups due today or before, with {count}.
   */
  followUps: string;
  /**
   * Beside each follow-up: its day ({date}).
   */
  followUpOn: string;
  /**
   * The heading of the enquiries given to them since the working day before began ({since}), with {count}.
   */
  assigned: string;
  /**
   * Beside each enquiry given to them: when it arrived ({time}).
   */
  receivedAt: string;
  /**
   * The heading of their enquiries past the first-response target with no first contact, with {count}.
   */
  overdue: string;
  /**
   * Beside each of those: when the first response was due ({time}).
   */
  dueAt: string;
  /**
   * Under a heading with nothing in it.
   */
  none: string;
  /**
   * Under a section that shows only its first enquiries: how many more ({count}) wait on the desk.
   */
  more: string;
  /**
   * Stands for an enquirer whose name starts with no letter.
   */
  noName: string;
  /**
   * The link to the lead desk ({deskUrl}).
   */
  open: string;
  /**
   * The last line: why they get this e-mail, and who can change it.
   */
  why: string;
}
/**
 * The words of the status page (/status), where an enquirer enters their reference and mobile number and sees where their enquiry stands. Each desk status names its stage in _desk.yaml. Words in braces are filled in: {reference} the enquiry's reference, {date} the day it arrived, {phone} and {email} the firm's, {minutes} how long to wait, {name} the advisor's first name.
 */
export interface InterfaceWordsTheStatusPage {
  /**
   * The heading of the answer, with {reference}.
   */
  heading: string;
  /**
   * When the enquiry arrived, with {date}.
   */
  receivedOn: string;
  /**
   * The heading over the stage.
   */
  stageHeading: string;
  /**
   * What a screen reader calls the list of stages.
   */
  stagesLabel: string;
  /**
   * The heading over the next step.
   */
  nextHeading: string;
  /**
   * The heading over how to reach the firm.
   */
  contactHeading: string;
  /**
   * How to reach the firm: {phone}, {email} and {reference}.
   */
  contact: string;
  /**
   * The one answer to a reference and number that do not match an enquiry, whichever of them is wrong (so nobody learns whether a reference exists); {phone} is the firm's.
   */
  notFound: string;
  /**
   * After too many tries from one connection: {minutes} until it may try again, {phone} the firm's.
   */
  tooMany: string;
  /**
   * Who looks after the enquiry, with {name} (the advisor's first name).
   */
  advisor: string;
  /**
   * The heading over the documents asked for.
   */
  documentsHeading: string;
  /**
   * A document that has arrived.
   */
  documentReceived: string;
  /**
   * A document not sent yet.
   */
  documentWaiting: string;
  /**
   * Each stage an enquirer can see, in order.
   */
  stages: {
    /**
     * The enquiry has arrived and nobody has worked on it yet.
     */
    received: {
      /**
       * The stage's short name in the list of stages.
       */
      step: string;
      /**
       * The stage in plain words, as the enquirer reads where their enquiry stands.
       */
      label: string;
      /**
       * What happens next, and who does it.
       */
      next: string;
    };
    /**
     * An advisor is working on it.
     */
    assigned: {
      /**
       * The stage's short name in the list of stages.
       */
      step: string;
      /**
       * The stage in plain words, as the enquirer reads where their enquiry stands.
       */
      label: string;
      /**
       * What happens next, and who does it.
       */
      next: string;
    };
    /**
     * The firm has asked the enquirer for documents.
     */
    documents: {
      /**
       * The stage's short name in the list of stages.
       */
      step: string;
      /**
       * The stage in plain words, as the enquirer reads where their enquiry stands.
       */
      label: string;
      /**
       * What happens next, and who does it.
       */
      next: string;
    };
    /**
     * The application has gone to a lender (never named here).
     */
    submitted: {
      /**
       * The stage's short name in the list of stages.
       */
      step: string;
      /**
       * The stage in plain words, as the enquirer reads where their enquiry stands.
       */
      label: string;
      /**
       * What happens next, and who does it.
       */
      next: string;
    };
    /**
     * The lender has decided.
     */
    decided: {
      /**
       * The stage's short name in the list of stages.
       */
      step: string;
      /**
       * The stage in plain words, as the enquirer reads where their enquiry stands.
       */
      label: string;
      /**
       * What happens next, and who does it.
       */
      next: string;
    };
    /**
     * The firm has closed the enquiry without a lender's decision (not interested, unreachable, a duplicate).
     */
    closed: {
      /**
       * The stage's short name in the list of stages.
       */
      step: string;
      /**
       * The stage in plain words, as the enquirer reads where their enquiry stands.
       */
      label: string;
      /**
       * What happens next, and who does it.
       */
      next: string;
    };
  };
}
/**
 * The words of the page where an enquirer sends the documents an advisor asked for, through the private link the advisor sent (/documents/<link>). Words in braces are filled in.
 */
export interface InterfaceWordsTheUploadPage {
  /**
   * Shown on the upload page opened without a link: how to get to one.
   */
  noLink: string;
  /**
   * What a screen reader calls the list of documents asked for.
   */
  listLabel: string;
  /**
   * The last day the link takes files, with {date}.
   */
  openUntil: string;
  /**
   * What files are taken: the kinds, the size and how many, in one sentence or two.
   */
  accepted: string;
  /**
   * The state of a document not sent yet.
   */
  waiting: string;
  /**
   * The state of a document with files, with {count}.
   */
  received: string;
  /**
   * The label of a document's file field, with {document}.
   */
  choose: string;
  /**
   * The button that sends the chosen file.
   */
  send: string;
  /**
   * While a file is sent, with {percent}.
   */
  sending: string;
  /**
   * After a file arrived, with {document}.
   */
  sent: string;
  /**
   * When Send is pressed with no file chosen, or more than one.
   */
  oneFile: string;
  /**
   * A file over 10 MB.
   */
  tooLarge: string;
  /**
   * A file that is not a PDF, JPEG, PNG or WebP, with {name} (the file's name).
   */
  notAccepted: string;
  /**
   * A web page or a drawing (HTML or SVG), whatever its name says, with {name}.
   */
  markup: string;
  /**
   * A file that is cut short or damaged, with {name}.
   */
  damaged: string;
  /**
   * A document that has all the files it can take, with {count}.
   */
  full: string;
  /**
   * A file that did not reach the server (no connection).
   */
  failed: string;
  /**
   * The link is past its last day; {phone} is the firm's.
   */
  expired: string;
  /**
   * The firm has stopped the link; {phone} is the firm's.
   */
  revoked: string;
  /**
   * An address that is no link of the firm's; {phone} is the firm's.
   */
  notFound: string;
  /**
   * Who can open the files and how long they are kept, with {days} (documentsDays in _privacy.yaml).
   */
  privacy: string;
}
/**
 * The e-mail an enquirer receives when an advisor presses Send by e-mail on a request for documents, in the language of its upload page. It carries nothing the advisor typed but the names of the documents asked for. Words in braces are filled in: {name} the enquirer's name (only when it is a plain name), {reference} the enquiry's reference, {link} the private link, {date} the last day it takes files, {days} how many days after the enquiry closes the documents are erased, {firm}, {firmPhone} and {firmEmail} the firm's details.
 */
export interface InterfaceWordsTheEMailOfARequestForDocuments {
  /**
   * The e-mail's subject. Only {firm} is filled in here: an inbox shows a subject before the e-mail is opened.
   */
  subject: string;
  /**
   * The first line, with {name}: used only when the name is letters, spaces and dots of at most 40 characters.
   */
  greeting: string;
  /**
   * The first line when the name given is anything else.
   */
  greetingWithoutName: string;
  /**
   * Which enquiry ({reference}) the documents are for; the list of documents follows, one on each line.
   */
  intro: string;
  /**
   * The private link ({link}) that opens the upload page.
   */
  link: string;
  /**
   * Until when the link takes files ({date}), and what it takes.
   */
  until: string;
  /**
   * Who reads the documents, how they are kept, and when they are erased ({days} days after the enquiry closes).
   */
  privacy: string;
  /**
   * How to reach the firm with a question.
   */
  contact: string;
  /**
   * What to do with an e-mail not expected.
   */
  notYou: string;
}
