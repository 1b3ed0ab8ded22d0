/**
 * The demo landing templates' texts in Filipino and Hindi (landing_template_texts; docs/i18n.md, "The
 * landing"): the Philippine template in Filipino, the Indian one in Hindi, the general one in both,
 * each with the registration agreement. Written by the engineering team from the English ones: a
 * lender's marketer writes its own, and its counsel reviews the agreement in each language.
 */
import type { Lang } from '@cashloan/contract/i18n';
import type { TemplateTexts } from './store.ts';

const AGREEMENT_FIL: TemplateTexts['agreement'] = {
  title: "Kasunduan sa Pagrehistro",
  sections: [
    {
      heading: "Tungkol sa kasunduang ito",
      paragraphs: [
        "Ang kasunduang ito ay sa pagitan mo at ng PesoNow Lending Corporation (\"kami\", \"namin\"). Saklaw nito ang pagbubukas ng account gamit ang iyong mobile number sa page na ito. Hindi ka nito inoobligang mag-loan: bawat loan ay may sariling kasunduan at Disclosure Statement, na babasahin at tatanggapin mo sa app bago ka makatanggap ng anumang pera."
      ]
    },
    {
      heading: "Ang iyong mobile number",
      paragraphs: [
        "Magrehistro lang gamit ang mobile number na sa iyo at kung saan ka nakakatanggap ng text message. Nagpapadala kami ng one-time code sa number na iyon; kapag inilagay mo ito, napapatunayang sa iyo ang number.",
        "Huwag kailanman sabihin ang code kahit kanino, pati sa mga nagsasabing nagtatrabaho sila para sa amin. Hindi ka namin kailanman tatawagan o ime-message para hingin ito."
      ]
    },
    {
      heading: "Ang iyong account",
      paragraphs: [
        "Nabubuksan ang iyong account kapag tinanggap ang code. Pagkatapos, magla-log in ka sa app gamit ang parehong mobile number. Ikaw ang responsable sa anumang ginagawa gamit ang iyong telepono at account, kaya panatilihing naka-lock ang iyong telepono at sabihan agad kami kapag nawala ito.",
        "Isang account lang ang puwedeng hawakan ng bawat tao. Puwede naming isara ang account na binuksan gamit ang number ng ibang tao o gamit ang hindi totoong impormasyon."
      ]
    },
    {
      heading: "Ang iyong impormasyon",
      paragraphs: [
        "Para mabuksan ang account, itinatago namin ang iyong mobile number, ang oras ng iyong pagrehistro, ang device, at ang ad o imbitasyong nagdala sa iyo rito. Ginagamit namin ang mga ito para patakbuhin ang iyong account, protektahan ito laban sa panloloko, at malaman kung alin sa aming mga campaign ang epektibo. Hindi namin kailanman ibinebenta ang mga ito.",
        "Humihingi lang ang app ng karagdagang impormasyon kapag nag-apply ka ng loan, at sasabihin nito sa iyo sa oras na iyon kung para saan ito. Ipinapaliwanag ng aming privacy policy ang iyong mga karapatan, kasama kung paano tingnan, itama o burahin ang iyong impormasyon."
      ]
    },
    {
      heading: "Mga mensahe mula sa amin",
      paragraphs: [
        "Nagpapadala kami sa iyo ng mga text message tungkol sa iyong account at mga loan. Nagpapadala lang kami ng mga alok kung pumayag ka rito sa app, at puwede mo itong itigil doon anumang oras."
      ]
    },
    {
      heading: "Pagsasara ng iyong account",
      paragraphs: [
        "Puwede mong isara ang iyong account anumang oras kapag wala kang utang sa amin, sa pamamagitan ng pagsulat sa aming customer service mula sa app. Itinatago namin ang mga record na iniaatas ng batas na itago namin, at binubura ang iba."
      ]
    },
    {
      heading: "Mga tanong",
      paragraphs: [
        "Sumulat sa aming customer service mula sa app o sa aming opisyal na website. Sumasagot kami sa loob ng 3 araw ng trabaho."
      ]
    }
  ]
};

const AGREEMENT_HI: TemplateTexts['agreement'] = {
  title: "रजिस्ट्रेशन समझौता",
  sections: [
    {
      heading: "इस समझौते के बारे में",
      paragraphs: [
        "यह समझौता आपके और PesoNow Lending Corporation (\"हम\", \"हमें\") के बीच है। यह इस पेज पर आपके मोबाइल नंबर से अकाउंट खोलने से जुड़ा है। इससे आप लोन लेने के लिए बाध्य नहीं होते: हर लोन का अपना समझौता और प्रकटीकरण विवरण होता है, जिसे आप कोई भी पैसा पाने से पहले ऐप में पढ़ते और स्वीकार करते हैं।"
      ]
    },
    {
      heading: "आपका मोबाइल नंबर",
      paragraphs: [
        "सिर्फ़ ऐसे मोबाइल नंबर से रजिस्टर करें जो आपका हो और जिस पर आपको SMS मिल सकें। हम उस नंबर पर एक वन-टाइम कोड भेजते हैं; उसे डालने से साबित होता है कि नंबर आपका है।",
        "यह कोड कभी किसी को न बताएँ, उन लोगों को भी नहीं जो कहते हैं कि वे हमारे लिए काम करते हैं। हम इसे माँगने के लिए आपको कभी कॉल या मैसेज नहीं करेंगे।"
      ]
    },
    {
      heading: "आपका अकाउंट",
      paragraphs: [
        "कोड स्वीकार होते ही आपका अकाउंट खुल जाता है। इसके बाद आप उसी मोबाइल नंबर से ऐप में लॉग इन करते हैं। आपके फ़ोन और अकाउंट से जो कुछ भी किया जाता है, उसकी ज़िम्मेदारी आपकी है, इसलिए अपना फ़ोन लॉक रखें और फ़ोन खो जाने पर तुरंत हमें बताएँ।",
        "एक व्यक्ति का एक ही अकाउंट हो सकता है। किसी और के नंबर से या झूठी जानकारी देकर खोले गए अकाउंट को हम बंद कर सकते हैं।"
      ]
    },
    {
      heading: "आपकी जानकारी",
      paragraphs: [
        "अकाउंट खोलने के लिए हम आपका मोबाइल नंबर, आपके रजिस्टर करने का समय, डिवाइस और वह विज्ञापन या निमंत्रण रखते हैं जिसके ज़रिए आप यहाँ आए। हम इनका इस्तेमाल आपका अकाउंट चलाने, उसे धोखाधड़ी से सुरक्षित रखने और यह जानने के लिए करते हैं कि हमारे कौन-से कैंपेन कारगर हैं। हम इन्हें कभी नहीं बेचते।",
        "ऐप आपसे और जानकारी तभी माँगता है जब आप लोन के लिए आवेदन करते हैं, और उसी समय बताता है कि वह किस लिए है। हमारी गोपनीयता नीति आपके अधिकार बताती है, जिनमें यह भी शामिल है कि आप अपनी जानकारी कैसे देखें, सुधारें या मिटाएँ।"
      ]
    },
    {
      heading: "हमारी ओर से मैसेज",
      paragraphs: [
        "हम आपको आपके अकाउंट और लोन के बारे में SMS भेजते हैं। ऑफ़र हम तभी भेजते हैं जब आप ऐप में उनके लिए सहमति दें, और आप उन्हें वहीं कभी भी बंद कर सकते हैं।"
      ]
    },
    {
      heading: "अपना अकाउंट बंद करना",
      paragraphs: [
        "जब आप पर हमारा कुछ भी बकाया न हो, तब आप कभी भी ऐप से हमारी कस्टमर सर्विस को लिखकर अपना अकाउंट बंद कर सकते हैं। कानून के अनुसार जो रिकॉर्ड हमें रखने ज़रूरी हैं, उन्हें हम रखते हैं और बाकी मिटा देते हैं।"
      ]
    },
    {
      heading: "सवाल",
      paragraphs: [
        "ऐप से या हमारी आधिकारिक वेबसाइट से हमारी कस्टमर सर्विस को लिखें। हम 3 कार्यदिवसों के अंदर जवाब देते हैं।"
      ]
    }
  ]
};

export const DEMO_TEMPLATE_TEXTS: Array<{ templateId: number; lang: Lang; texts: TemplateTexts }> = [
  { templateId: 1, lang: 'fil', texts: { ...{
  title: "Cash sa loob ng ilang minuto, mismo sa iyong telepono",
  subtitle: "Mag-sign up gamit ang iyong mobile number at mag-apply sa app.",
  highlights: [
    "Desisyon sa loob ng 1 araw",
    "Maike-credit ang pera sa loob ng 1 hanggang 3 araw",
    "Hindi kailangan ng collateral"
  ],
  bannerAlt: "Teleponong nagpapakita ng naaprubahang cash loan, may mga barya sa tabi nito",
  buttonText: "Magrehistro na"
}, agreement: AGREEMENT_FIL } },
  { templateId: 2, lang: 'fil', texts: { ...{
  title: "Mag-loan ng hanggang ₱20,000 ngayon",
  subtitle: "Magrehistro gamit ang iyong Philippine mobile number (09…) para makapagsimula.",
  highlights: [
    "Magbayad sa 7-Eleven, GCash o sa iyong bangko",
    "Desisyon sa loob ng 1 araw",
    "Hindi kailangan ng collateral"
  ],
  bannerAlt: "Teleponong nagpapakita ng naaprubahang cash loan, may mga barya sa tabi nito",
  buttonText: "Kunin ang loan ko"
}, agreement: AGREEMENT_FIL } },
  { templateId: 1, lang: 'hi', texts: { ...{
  title: "मिनटों में कैश, सीधे आपके फ़ोन पर",
  subtitle: "अपने मोबाइल नंबर से साइन अप करें और ऐप में आवेदन करें।",
  highlights: [
    "1 दिन के अंदर फ़ैसला",
    "1 से 3 दिन में पैसा खाते में जमा",
    "कोई गिरवी नहीं चाहिए"
  ],
  bannerAlt: "एक फ़ोन जिस पर मंज़ूर हुआ कैश लोन दिख रहा है, बगल में सिक्के रखे हैं",
  buttonText: "अभी रजिस्टर करें"
}, agreement: AGREEMENT_HI } },
  { templateId: 3, lang: 'hi', texts: { ...{
  title: "तुरंत पर्सनल लोन",
  subtitle: "अपने 10 अंकों वाले भारतीय मोबाइल नंबर से रजिस्टर करें।",
  highlights: [
    "पूरी तरह ऑनलाइन",
    "1 दिन के अंदर फ़ैसला"
  ],
  bannerAlt: "एक फ़ोन जिस पर मंज़ूर हुआ कैश लोन दिख रहा है, बगल में सिक्के रखे हैं",
  buttonText: "अभी रजिस्टर करें"
}, agreement: AGREEMENT_HI } },
];
