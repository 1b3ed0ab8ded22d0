/**
 * The demo's agreements of scene 3 in Filipino and Hindi, beside the English ones of seed.ts, at the
 * same positions and with the same {placeholders} and figures (docs/i18n.md, "Agreements"). Written
 * by the engineering team, not by a lawyer: a lender must have its counsel review its own texts in
 * each language before borrowers confirm them.
 */
import type { Lang } from '@cashloan/contract/i18n';
import { DUE_WINDOW_DAYS, LATE_PENALTY_MINOR, OVERDUE_TIERS, PREPAYMENT_MIN_DAYS, TERM_DAYS } from '../../loan-terms/rules.ts';
import { moneyText } from '../../loan-terms/money-text.ts';

const major = (minor: number) => moneyText(minor, '');
const firstLoan = major(LATE_PENALTY_MINOR.newBorrower);
const repeatLoan = major(LATE_PENALTY_MINOR.repeatBorrower);
const tiers = (bounded: (percent: number, first: number, last: number) => string, open: (percent: number, first: number) => string) =>
  OVERDUE_TIERS.map((t) => (Number.isFinite(t.lastDay) ? bounded(t.dailyBp / 100, t.firstDay, t.lastDay) : open(t.dailyBp / 100, t.firstDay))).join(', ');

const filTiers = tiers((p, a, b) => `${p}% bawat araw sa mga araw ${a} hanggang ${b} ng pagka-overdue`, (p, a) => `${p}% bawat araw mula sa ika-${a} araw ng pagka-overdue`);
const hiTiers = tiers((p, a, b) => `अतिदेय दिन ${a} से ${b} तक ${p}% प्रति दिन`, (p, a) => `अतिदेय दिन ${a} से आगे ${p}% प्रति दिन`);

export interface AgreementInLanguage {
  lang: Lang;
  position: number;
  title: string;
  body: string;
}

export const AGREEMENTS_IN_LANGUAGES: AgreementInLanguage[] = [
  {
    lang: 'fil',
    position: 1,
    title: 'Kasunduan sa Loan',
    body: [
      'KASUNDUAN SA LOAN Blg. {orderNo}',
      'Ang kasunduang ito ay ginawa sa pagitan ng {lenderName} ("ang Nagpapautang") at ni {borrowerName}, mobile number {mobilePhone} ("ang Nanghihiram"), sa pamamagitan ng application na {appName}.',
      `1. Ang loan. Pinahihiram ng Nagpapautang ang Nanghihiram ng PHP {principal} sa ilalim ng produktong {productName} para sa terminong {termDays} araw sa kalendaryo. Ang termino ng loan ay mula ${TERM_DAYS.min} hanggang ${TERM_DAYS.max} araw sa kalendaryo. Napagpapasyahan ang loan sa loob ng 1 araw mula sa aplikasyon, at naipapasok ang pera sa payment account ng Nanghihiram sa loob ng 1 hanggang 3 araw mula sa pag-apruba.`,
      '2. Pagbabayad. Babayaran ng Nanghihiram ang PHP {totalRepayment}, na binubuo ng principal, interes na PHP {interest} at service fee na PHP {serviceFee}, hanggang {dueDate} ayon sa plano ng pagbabayad na ipinapakita sa application.',
      `3. Maagang pagbabayad. Maaaring bayaran nang buo ng Nanghihiram ang loan bago ang takdang petsa kapag lumipas na ang kalahati ng termino, at hindi kailanman mas maaga sa ${PREPAYMENT_MIN_DAYS} araw mula nang ma-release ang pera.`,
      `4. Late na pagbabayad. Ang halagang hindi nabayaran sa takdang petsa nito ay overdue simula sa susunod na araw sa kalendaryo. May arawang interes ang halagang overdue na ${filTiers}. Isang beses lamang sinisingil ang late penalty na PHP ${firstLoan} (unang loan) o PHP ${repeatLoan} (umuulit na nanghihiram), sa araw na unang ma-overdue ang loan.`,
      '5. Extension. Kung iniaalok ito ng application, maaaring i-extend ng Nanghihiram ang takdang petsa sa pagbabayad ng extension fee at ng anumang late charge, bago man o pagkatapos ng takdang petsa.',
      '6. Mga pagbabago at paglilipat. Aabisuhan ng Nagpapautang ang Nanghihiram ng anumang pagbabago sa mga tuntuning ito nang hindi bababa sa 3 araw bago ito magkabisa, at ng anumang paglilipat ng loan na ito nang hindi bababa sa 7 araw ng negosyo bago ito gawin.',
      '7. Pagiging kwalipikado. Pinatutunayan ng Nanghihiram na siya ay mamamayang Pilipino na higit 18 taong gulang, at na totoo ang impormasyong ibinigay niya sa aplikasyon.',
      '8. Pakikipag-ugnayan. Mga tanong at reklamo: {serviceEmail} o {servicePhone}.',
    ].join('\n\n'),
  },
  {
    lang: 'fil',
    position: 2,
    // The SEC's name of the form, as the screens write it in Filipino too.
    title: 'Disclosure Statement',
    body: [
      'DISCLOSURE STATEMENT SA TRANSAKSYON NG LOAN — {orderNo}',
      'Nagpapautang: {lenderName}. Nanghihiram: {borrowerName} ({mobilePhone}). Produkto: {productName}.',
      '1. Halaga ng loan: PHP {principal}.',
      '2. Mga finance charge: interes PHP {interest}; service fee PHP {serviceFee}.',
      '3. Kabuuang halagang babayaran: PHP {totalRepayment}.',
      '4. Termino: {termDays} araw, mula {disbursementDate} hanggang {dueDate}.',
      `5. Mga singil sa late na pagbabayad: arawang interes na ${filTiers} sa halagang overdue, at isang beses na penalty na PHP ${firstLoan} (PHP ${repeatLoan} para sa umuulit na nanghihiram).`,
      `6. Mga paalala: ipinapakitang due ang loan mula ${DUE_WINDOW_DAYS} araw bago ang takdang petsa.`,
      'Kinikilala ko na natanggap at naunawaan ko ang pahayag na ito bago ibinigay ang loan.',
    ].join('\n\n'),
  },
  {
    lang: 'hi',
    position: 1,
    title: 'लोन समझौता',
    body: [
      'ऋण समझौता सं. {orderNo}',
      'यह समझौता {lenderName} ("ऋणदाता") और {borrowerName}, मोबाइल नंबर {mobilePhone} ("उधारकर्ता") के बीच {appName} ऐप्लिकेशन के माध्यम से किया गया है।',
      `1. ऋण। ऋणदाता उधारकर्ता को उत्पाद {productName} के अंतर्गत {termDays} कैलेंडर दिनों की अवधि के लिए PHP {principal} उधार देता है। ऋण की अवधि ${TERM_DAYS.min} से ${TERM_DAYS.max} कैलेंडर दिनों तक होती है। आवेदन के 1 दिन के भीतर ऋण पर निर्णय लिया जाता है, और स्वीकृति के 1 से 3 दिनों के भीतर राशि उधारकर्ता के भुगतान खाते में जमा की जाती है।`,
      '2. चुकौती। उधारकर्ता ऐप्लिकेशन में दिखाई गई चुकौती योजना के अनुसार {dueDate} तक PHP {totalRepayment} चुकाएगा, जिसमें मूलधन, PHP {interest} का ब्याज और PHP {serviceFee} का सेवा शुल्क शामिल है।',
      `3. समय से पहले चुकौती। अवधि का आधा भाग बीत जाने पर उधारकर्ता पूरा ऋण समय से पहले चुका सकता है, किंतु वितरण के ${PREPAYMENT_MIN_DAYS} दिनों से पहले कभी नहीं।`,
      `4. विलंबित भुगतान। नियत तिथि पर न चुकाई गई राशि अगले कैलेंडर दिन से अतिदेय हो जाती है। अतिदेय राशि पर ${hiTiers} की दर से दैनिक ब्याज लगता है। PHP ${firstLoan} (पहला ऋण) या PHP ${repeatLoan} (दोबारा उधार लेने वाला) का विलंब दंड केवल एक बार लगता है, जब ऋण पहली बार अतिदेय होता है।`,
      '5. अवधि विस्तार। जहाँ ऐप्लिकेशन यह सुविधा देता है, वहाँ उधारकर्ता नियत तिथि से पहले या बाद में विस्तार शुल्क और कोई भी विलंब शुल्क चुकाकर नियत तिथि आगे बढ़ा सकता है।',
      '6. परिवर्तन और समनुदेशन। ऋणदाता इन शर्तों में किसी भी परिवर्तन की सूचना उसके लागू होने से कम से कम 3 दिन पहले, और इस ऋण के किसी भी समनुदेशन की सूचना कम से कम 7 कार्य दिवस पहले उधारकर्ता को देता है।',
      '7. पात्रता। उधारकर्ता पुष्टि करता है कि वह 18 वर्ष से अधिक आयु का फ़िलिपीनी नागरिक है और आवेदन में दी गई जानकारी सत्य है।',
      '8. संपर्क। प्रश्न और शिकायतें: {serviceEmail} या {servicePhone}।',
    ].join('\n\n'),
  },
  {
    lang: 'hi',
    position: 2,
    title: 'प्रकटीकरण विवरण',
    body: [
      'ऋण लेन-देन का प्रकटीकरण विवरण — {orderNo}',
      'ऋणदाता: {lenderName}। उधारकर्ता: {borrowerName} ({mobilePhone})। उत्पाद: {productName}।',
      '1. ऋण राशि: PHP {principal}।',
      '2. वित्त शुल्क: ब्याज PHP {interest}; सेवा शुल्क PHP {serviceFee}।',
      '3. चुकाई जाने वाली कुल राशि: PHP {totalRepayment}।',
      '4. अवधि: {termDays} दिन, {disbursementDate} से {dueDate} तक।',
      `5. विलंबित भुगतान पर शुल्क: अतिदेय राशि पर ${hiTiers} की दर से दैनिक ब्याज, और PHP ${firstLoan} का एकबारगी दंड (दोबारा उधार लेने वालों के लिए PHP ${repeatLoan})।`,
      `6. अनुस्मारक: नियत तिथि से ${DUE_WINDOW_DAYS} दिन पहले से ऋण देय के रूप में दिखाया जाता है।`,
      'मैं स्वीकार करता/करती हूँ कि ऋण दिए जाने से पहले मुझे यह विवरण प्राप्त हुआ और मैंने इसे समझ लिया।',
    ].join('\n\n'),
  },
];
