/**
 * The public card page's own words in the visitor's language: the buttons, the lead
 * form, the share panel, the wallet links and the page's messages. The owner's content (name,
 * title, links, the form's title and consent text) is theirs and never translated. The builder's
 * preview shows English, as the rest of the app does.
 */
export const CARD_LOCALES = ['en', 'fr', 'de', 'es', 'pt', 'ar'] as const;
export type CardLocale = (typeof CARD_LOCALES)[number];

export interface CardWords {
  readonly lang: CardLocale;
  readonly dir: 'ltr' | 'rtl';
  readonly cardOf: (name: string) => string;
  readonly businessCard: string;
  readonly logoOf: (company: string) => string;
  readonly logo: string;
  readonly saveContact: string;
  readonly metPlaceholder: string;
  readonly metLabel: string;
  /** Before the product's name, in "Made with Cardbuilder". */
  readonly madeWith: string;
  readonly promotion: string;
  readonly lead: {
    readonly name: string;
    readonly email: string;
    readonly phone: string;
    readonly company: string;
    readonly note: string;
    readonly shareWith: (firstName: string) => string;
    readonly share: string;
    readonly send: string;
    readonly sending: string;
    readonly sent: string;
    readonly sentTo: (firstName: string) => string;
    readonly tooMany: string;
    readonly failed: string;
    readonly offline: string;
  };
  readonly sharePanel: {
    readonly label: string;
    readonly share: string;
    readonly copyLink: string;
    readonly copied: string;
    readonly holdToCopy: string;
    readonly showQr: string;
    readonly qrOf: string;
    readonly cardLink: string;
    /** Above the wallet's name on its button ("Add to" Apple Wallet). */
    readonly addTo: string;
  };
  readonly fallbackTitle: string;
  /** The plain page of a card that is not there (unknown, archived, or its account deactivated). */
  readonly notAvailable: {
    readonly title: string;
    readonly heading: string;
    readonly text: string;
    readonly home: string;
  };
}

const en: CardWords = {
  lang: 'en',
  dir: 'ltr',
  cardOf: (name) => `${name}'s card`,
  businessCard: 'Business card',
  logoOf: (company) => `${company} logo`,
  logo: 'Logo',
  saveContact: 'Save contact',
  metPlaceholder: 'Where did we meet? (optional)',
  metLabel: 'Where did we meet? Added to the saved contact',
  madeWith: 'Made with',
  promotion: 'Promotion',
  lead: {
    name: 'Your name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    note: 'Message',
    shareWith: (first) => `Share your details with ${first}`,
    share: 'Share your details',
    send: 'Send',
    sending: 'Sending…',
    sent: 'Thank you! Your details were sent.',
    sentTo: (first) => `Thank you! Your details were sent to ${first}.`,
    tooMany: 'Too many messages just now. Please try again in a minute.',
    failed: 'That did not go through. Please check the fields and try again.',
    offline: 'No connection. Please try again.',
  },
  sharePanel: {
    label: 'Share this card',
    share: 'Share',
    copyLink: 'Copy link',
    copied: 'Link copied',
    holdToCopy: 'Press and hold the link to copy it',
    showQr: 'Show QR code',
    qrOf: 'QR code of this card',
    cardLink: 'Card link',
    addTo: 'Add to',
  },
  fallbackTitle: 'Digital business card',
  notAvailable: {
    title: 'Card not available',
    heading: 'This card is not available',
    text: 'The link may be mistyped, or the card is no longer shared.',
    home: 'Go to Cardbuilder',
  },
};

const fr: CardWords = {
  lang: 'fr',
  dir: 'ltr',
  cardOf: (name) => `Carte de ${name}`,
  businessCard: 'Carte de visite',
  logoOf: (company) => `Logo de ${company}`,
  logo: 'Logo',
  saveContact: 'Enregistrer le contact',
  metPlaceholder: 'Où nous sommes-nous vus ? (facultatif)',
  metLabel: 'Où nous sommes-nous rencontrés ? Ajouté au contact enregistré',
  madeWith: 'Créé avec',
  promotion: 'Promotion',
  lead: {
    name: 'Votre nom',
    email: 'E-mail',
    phone: 'Téléphone',
    company: 'Entreprise',
    note: 'Message',
    shareWith: (first) => `Partagez vos coordonnées avec ${first}`,
    share: 'Partagez vos coordonnées',
    send: 'Envoyer',
    sending: 'Envoi…',
    sent: 'Merci ! Vos coordonnées ont été envoyées.',
    sentTo: (first) => `Merci ! Vos coordonnées ont été envoyées à ${first}.`,
    tooMany: 'Trop de messages en ce moment. Veuillez réessayer dans une minute.',
    failed: 'L’envoi n’a pas abouti. Vérifiez les champs et réessayez.',
    offline: 'Pas de connexion. Veuillez réessayer.',
  },
  sharePanel: {
    label: 'Partager cette carte',
    share: 'Partager',
    copyLink: 'Copier le lien',
    copied: 'Lien copié',
    holdToCopy: 'Appuyez longuement sur le lien pour le copier',
    showQr: 'Afficher le QR code',
    qrOf: 'QR code de cette carte',
    cardLink: 'Lien de la carte',
    addTo: 'Ajouter à',
  },
  fallbackTitle: 'Carte de visite numérique',
  notAvailable: {
    title: 'Carte indisponible',
    heading: 'Cette carte n’est pas disponible',
    text: 'Le lien est peut-être mal saisi, ou la carte n’est plus partagée.',
    home: 'Aller sur Cardbuilder',
  },
};

const de: CardWords = {
  lang: 'de',
  dir: 'ltr',
  cardOf: (name) => `Karte von ${name}`,
  businessCard: 'Visitenkarte',
  logoOf: (company) => `Logo von ${company}`,
  logo: 'Logo',
  saveContact: 'Kontakt speichern',
  metPlaceholder: 'Wo haben wir uns getroffen? (optional)',
  metLabel: 'Wo haben wir uns getroffen? Wird dem gespeicherten Kontakt hinzugefügt',
  madeWith: 'Erstellt mit',
  promotion: 'Aktion',
  lead: {
    name: 'Ihr Name',
    email: 'E-Mail',
    phone: 'Telefon',
    company: 'Firma',
    note: 'Nachricht',
    shareWith: (first) => `Teilen Sie Ihre Kontaktdaten mit ${first}`,
    share: 'Teilen Sie Ihre Kontaktdaten',
    send: 'Senden',
    sending: 'Wird gesendet…',
    sent: 'Vielen Dank! Ihre Kontaktdaten wurden gesendet.',
    sentTo: (first) => `Vielen Dank! Ihre Kontaktdaten wurden an ${first} gesendet.`,
    tooMany: 'Gerade zu viele Nachrichten. Bitte versuchen Sie es in einer Minute erneut.',
    failed: 'Das hat nicht geklappt. Bitte prüfen Sie die Felder und versuchen Sie es erneut.',
    offline: 'Keine Verbindung. Bitte versuchen Sie es erneut.',
  },
  sharePanel: {
    label: 'Diese Karte teilen',
    share: 'Teilen',
    copyLink: 'Link kopieren',
    copied: 'Link kopiert',
    holdToCopy: 'Halten Sie den Link gedrückt, um ihn zu kopieren',
    showQr: 'QR-Code anzeigen',
    qrOf: 'QR-Code dieser Karte',
    cardLink: 'Link zur Karte',
    addTo: 'Hinzufügen zu',
  },
  fallbackTitle: 'Digitale Visitenkarte',
  notAvailable: {
    title: 'Karte nicht verfügbar',
    heading: 'Diese Karte ist nicht verfügbar',
    text: 'Der Link ist vielleicht falsch geschrieben, oder die Karte wird nicht mehr geteilt.',
    home: 'Zu Cardbuilder',
  },
};

const es: CardWords = {
  lang: 'es',
  dir: 'ltr',
  cardOf: (name) => `Tarjeta de ${name}`,
  businessCard: 'Tarjeta de visita',
  logoOf: (company) => `Logotipo de ${company}`,
  logo: 'Logotipo',
  saveContact: 'Guardar contacto',
  metPlaceholder: '¿Dónde nos conocimos? (opcional)',
  metLabel: '¿Dónde nos conocimos? Se añade al contacto guardado',
  madeWith: 'Hecho con',
  promotion: 'Promoción',
  lead: {
    name: 'Tu nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    company: 'Empresa',
    note: 'Mensaje',
    shareWith: (first) => `Comparte tus datos con ${first}`,
    share: 'Comparte tus datos',
    send: 'Enviar',
    sending: 'Enviando…',
    sent: '¡Gracias! Tus datos se han enviado.',
    sentTo: (first) => `¡Gracias! Tus datos se han enviado a ${first}.`,
    tooMany: 'Demasiados mensajes ahora mismo. Vuelve a intentarlo en un minuto.',
    failed: 'No se ha podido enviar. Revisa los campos y vuelve a intentarlo.',
    offline: 'Sin conexión. Vuelve a intentarlo.',
  },
  sharePanel: {
    label: 'Compartir esta tarjeta',
    share: 'Compartir',
    copyLink: 'Copiar enlace',
    copied: 'Enlace copiado',
    holdToCopy: 'Mantén pulsado el enlace para copiarlo',
    showQr: 'Mostrar código QR',
    qrOf: 'Código QR de esta tarjeta',
    cardLink: 'Enlace de la tarjeta',
    addTo: 'Añadir a',
  },
  fallbackTitle: 'Tarjeta de visita digital',
  notAvailable: {
    title: 'Tarjeta no disponible',
    heading: 'Esta tarjeta no está disponible',
    text: 'Puede que el enlace esté mal escrito o que la tarjeta ya no se comparta.',
    home: 'Ir a Cardbuilder',
  },
};

const pt: CardWords = {
  lang: 'pt',
  dir: 'ltr',
  cardOf: (name) => `Cartão de ${name}`,
  businessCard: 'Cartão de visita',
  logoOf: (company) => `Logótipo de ${company}`,
  logo: 'Logótipo',
  saveContact: 'Guardar contacto',
  metPlaceholder: 'Onde nos conhecemos? (opcional)',
  metLabel: 'Onde nos conhecemos? Acrescentado ao contacto guardado',
  madeWith: 'Feito com',
  promotion: 'Promoção',
  lead: {
    name: 'O seu nome',
    email: 'E-mail',
    phone: 'Telefone',
    company: 'Empresa',
    note: 'Mensagem',
    shareWith: (first) => `Partilhe os seus dados com ${first}`,
    share: 'Partilhe os seus dados',
    send: 'Enviar',
    sending: 'A enviar…',
    sent: 'Obrigado! Os seus dados foram enviados.',
    sentTo: (first) => `Obrigado! Os seus dados foram enviados a ${first}.`,
    tooMany: 'Demasiadas mensagens neste momento. Tente novamente dentro de um minuto.',
    failed: 'Não foi possível enviar. Verifique os campos e tente novamente.',
    offline: 'Sem ligação. Tente novamente.',
  },
  sharePanel: {
    label: 'Partilhar este cartão',
    share: 'Partilhar',
    copyLink: 'Copiar link',
    copied: 'Link copiado',
    holdToCopy: 'Mantenha o link premido para o copiar',
    showQr: 'Mostrar código QR',
    qrOf: 'Código QR deste cartão',
    cardLink: 'Link do cartão',
    addTo: 'Adicionar à',
  },
  fallbackTitle: 'Cartão de visita digital',
  notAvailable: {
    title: 'Cartão indisponível',
    heading: 'Este cartão não está disponível',
    text: 'O link pode ter um erro, ou o cartão já não é partilhado.',
    home: 'Ir para o Cardbuilder',
  },
};

const ar: CardWords = {
  lang: 'ar',
  dir: 'rtl',
  cardOf: (name) => `بطاقة ${name}`,
  businessCard: 'بطاقة عمل',
  logoOf: (company) => `شعار ${company}`,
  logo: 'الشعار',
  saveContact: 'حفظ جهة الاتصال',
  metPlaceholder: 'أين التقينا؟ (اختياري)',
  metLabel: 'أين التقينا؟ يُضاف إلى جهة الاتصال المحفوظة',
  madeWith: 'صُنعت باستخدام',
  promotion: 'عرض',
  lead: {
    name: 'اسمك',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    company: 'الشركة',
    note: 'رسالة',
    shareWith: (first) => `شارك بياناتك مع ${first}`,
    share: 'شارك بياناتك',
    send: 'إرسال',
    sending: 'جارٍ الإرسال…',
    sent: 'شكرًا لك! تم إرسال بياناتك.',
    sentTo: (first) => `شكرًا لك! تم إرسال بياناتك إلى ${first}.`,
    tooMany: 'رسائل كثيرة جدًا الآن. يُرجى المحاولة مرة أخرى بعد دقيقة.',
    failed: 'لم يتم الإرسال. يُرجى التحقق من الحقول والمحاولة مرة أخرى.',
    offline: 'لا يوجد اتصال. يُرجى المحاولة مرة أخرى.',
  },
  sharePanel: {
    label: 'مشاركة هذه البطاقة',
    share: 'مشاركة',
    copyLink: 'نسخ الرابط',
    copied: 'تم نسخ الرابط',
    holdToCopy: 'اضغط مطولًا على الرابط لنسخه',
    showQr: 'عرض رمز QR',
    qrOf: 'رمز QR لهذه البطاقة',
    cardLink: 'رابط البطاقة',
    addTo: 'إضافة إلى',
  },
  fallbackTitle: 'بطاقة عمل رقمية',
  notAvailable: {
    title: 'البطاقة غير متاحة',
    heading: 'هذه البطاقة غير متاحة',
    text: 'ربما كُتب الرابط بشكل خاطئ، أو لم تعد البطاقة مشتركة.',
    home: 'الانتقال إلى Cardbuilder',
  },
};

export const CARD_WORDS: Readonly<Record<CardLocale, CardWords>> = { en, fr, de, es, pt, ar };

/** The English words: the builder's preview, and a visitor whose languages we do not have. */
export const ENGLISH_CARD_WORDS = en;
