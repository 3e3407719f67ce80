// Demo catalogue content for "שוק קהילתי" (Shuk Kehilati).
// Plain data only: no imports, no side effects. Money is in agorot (100 = 1 ₪).

export type SeedCategory = "vegetables" | "fruits" | "herbs" | "sprouts" | "mushrooms";

export interface SeedVendor {
  key: string;
  name: string;
  email: string;
  contact: string;
  description: string;
}

export interface SeedPickupPoint {
  address: string;
  instructions: string | null;
  contactPhone: string;
  pickupDays: number[]; // 0-6, Sunday = 0
  pickupStartTime: string; // "HH:MM"
  pickupEndTime: string; // "HH:MM"
}

export interface SeedTier {
  minRevenueAgorot: number;
  discountPercent: number;
  tierName: string;
}

export interface SeedCommunity {
  key: string;
  name: string;
  description: string;
  city: string;
  contactPhone: string;
  deadlineWeekday: number; // 0-6: weekday of the weekly order deadline (before the pickup days)
  deadlineTime: string; // "HH:MM" Asia/Jerusalem
  targetRevenueAgorot: number; // weekly group goal
  tiers: SeedTier[]; // exactly 4, rising
  /** 2-3 each; where and when members collect is these alone (issue #45), the first is the main one */
  pickupPoints: SeedPickupPoint[];
}

export interface SeedDealTier {
  thresholdQty: number;
  unitPriceAgorot: number;
}

export interface SeedDeal {
  vendorKey: string;
  slug: string;
  title: string;
  description: string;
  category: SeedCategory;
  basePriceAgorot: number;
  unit: string;
  minQty: number;
  maxQty: number;
  image: string; // "/images/produce/<slug>.svg"
  tiers: SeedDealTier[]; // quantity tiers; empty on most deals
}

// ---------------------------------------------------------------------------
// Vendors
// ---------------------------------------------------------------------------

export const seedVendors: SeedVendor[] = [
  {
    key: "nahalal-farm",
    name: "משק בן-דוד, מושב נהלל",
    email: "nahalal@example.co.il",
    contact: "04-6412345",
    description:
      "משק משפחתי בעמק יזרעאל מאז 1952. ירקות עונתיים, עשבי תיבול ותותים שנקטפים יום לפני החלוקה ומגיעים אליכם ישר מהשדה.",
  },
  {
    key: "golan-orchard",
    name: "מטעי הגולן, מרום גולן",
    email: "golan-orchard@example.co.il",
    contact: "04-6961234",
    description:
      "מטעים בגובה 1,000 מטר ברמת הגולן. תפוחים, אגסים, דובדבנים, ענבים ופירות קיץ שמבשילים לאט בקור של ההר ולכן יוצאים מתוקים ופריכים.",
  },
  {
    key: "arava-greenhouse",
    name: "חממות חצבה, הערבה התיכונה",
    email: "hatzeva@example.co.il",
    contact: "08-6581234",
    description:
      "חממות ומטע תמרים במושב חצבה שבערבה. פלפלים, עגבניות שרי, מלונים ותמרים שגדלים בשמש של המדבר, עם מעט מים והרבה סבלנות.",
  },
  {
    key: "tavor-mushrooms",
    name: "פטריות ונבטים תבור, כפר תבור",
    email: "tavor@example.co.il",
    contact: "050-7123456",
    description:
      "חוות פטריות ונבטים למרגלות הר תבור. גידול בתנאים מבוקרים וללא ריסוס, קטיף יומי ומשלוח בקירור עד נקודת האיסוף.",
  },
];

// ---------------------------------------------------------------------------
// Communities
// ---------------------------------------------------------------------------

export const seedCommunities: SeedCommunity[] = [
  {
    key: "tlv-florentin",
    name: "פלורנטין – תל אביב",
    description:
      "שכנים מפלורנטין ומנווה צדק שקונים יחד ירקות ופירות ישר מהחקלאים. החלוקה בכל יום שישי בבוקר בחצר של המתנ״ס.",
    city: "תל אביב-יפו",
    contactPhone: "052-3418790",
    deadlineWeekday: 3,
    deadlineTime: "20:00",
    targetRevenueAgorot: 300000,
    tiers: [
      { minRevenueAgorot: 0, discountPercent: 0, tierName: "רגיל" },
      { minRevenueAgorot: 150000, discountPercent: 10, tierName: "ארד" },
      { minRevenueAgorot: 400000, discountPercent: 20, tierName: "כסף" },
      { minRevenueAgorot: 800000, discountPercent: 30, tierName: "זהב" },
    ],
    pickupPoints: [
      {
        address: "רחוב פלורנטין 24, תל אביב-יפו",
        instructions: "בחצר הפנימית של המתנ״ס, הכניסה מהשער הירוק.",
        contactPhone: "052-3418790",
        pickupDays: [5],
        pickupStartTime: "09:00",
        pickupEndTime: "12:00",
      },
      {
        address: "רחוב שבזי 41, תל אביב-יפו",
        instructions: "בלובי של הבניין, לצלצל באינטרקום לדירה 3.",
        contactPhone: "054-6627315",
        pickupDays: [5],
        pickupStartTime: "08:30",
        pickupEndTime: "11:30",
      },
      {
        address: "שדרות ירושלים 12, תל אביב-יפו",
        instructions: null,
        contactPhone: "03-6812345",
        pickupDays: [5],
        pickupStartTime: "10:00",
        pickupEndTime: "13:00",
      },
    ],
  },
  {
    key: "haifa-ahuza",
    name: "אחוזה – חיפה",
    description:
      "קהילת שכנים על הכרמל שמזמינה יחד תוצרת טרייה מהעמק ומהגולן. האיסוף ביום חמישי אחר הצהריים, בדרך הביתה מהעבודה.",
    city: "חיפה",
    contactPhone: "04-8341256",
    deadlineWeekday: 2,
    deadlineTime: "21:00",
    targetRevenueAgorot: 250000,
    tiers: [
      { minRevenueAgorot: 0, discountPercent: 0, tierName: "רגיל" },
      { minRevenueAgorot: 120000, discountPercent: 10, tierName: "ארד" },
      { minRevenueAgorot: 350000, discountPercent: 20, tierName: "כסף" },
      { minRevenueAgorot: 700000, discountPercent: 30, tierName: "זהב" },
    ],
    pickupPoints: [
      {
        address: "שדרות מוריה 78, חיפה",
        instructions: "בחניה שמאחורי המרכז המסחרי, ליד המחסן הכחול.",
        contactPhone: "04-8341256",
        pickupDays: [4],
        pickupStartTime: "17:00",
        pickupEndTime: "20:00",
      },
      {
        address: "רחוב חורב 15, חיפה",
        instructions: null,
        contactPhone: "050-9182736",
        pickupDays: [4, 5],
        pickupStartTime: "16:00",
        pickupEndTime: "19:00",
      },
    ],
  },
  {
    key: "jerusalem-moshava",
    name: "המושבה הגרמנית – ירושלים",
    description:
      "שכנים מהמושבה הגרמנית, מבקעה ומקטמון שמתארגנים לקנייה שבועית משותפת. החלוקה ביום רביעי, כך שנשאר מספיק זמן לבשל לשבת.",
    city: "ירושלים",
    contactPhone: "02-5661234",
    deadlineWeekday: 1,
    deadlineTime: "22:00",
    targetRevenueAgorot: 350000,
    tiers: [
      { minRevenueAgorot: 0, discountPercent: 0, tierName: "רגיל" },
      { minRevenueAgorot: 200000, discountPercent: 10, tierName: "ארד" },
      { minRevenueAgorot: 450000, discountPercent: 20, tierName: "כסף" },
      { minRevenueAgorot: 900000, discountPercent: 30, tierName: "זהב" },
    ],
    pickupPoints: [
      {
        address: "עמק רפאים 43, ירושלים",
        instructions: "בכניסה לחצר של המרכז הקהילתי, שולחן עם שלט של השוק.",
        contactPhone: "02-5661234",
        pickupDays: [3],
        pickupStartTime: "16:00",
        pickupEndTime: "19:00",
      },
      {
        address: "דרך חברון 10, ירושלים",
        instructions: "ליד הספסלים בכניסה הצפונית למתחם התחנה הראשונה.",
        contactPhone: "053-4455667",
        pickupDays: [3, 4],
        pickupStartTime: "17:00",
        pickupEndTime: "20:00",
      },
      {
        address: "רחוב עזה 20, ירושלים",
        instructions: null,
        contactPhone: "058-7711223",
        pickupDays: [3],
        pickupStartTime: "18:00",
        pickupEndTime: "21:00",
      },
    ],
  },
  {
    key: "beer-sheva-ramot",
    name: "רמות – באר שבע",
    description:
      "קהילה צעירה בשכונת רמות שמביאה פירות וירקות מהערבה ומהצפון במחיר של חקלאי. נקודת האיסוף המרכזית ליד המרכז המסחרי.",
    city: "באר שבע",
    contactPhone: "08-6412789",
    deadlineWeekday: 0,
    deadlineTime: "20:00",
    targetRevenueAgorot: 200000,
    tiers: [
      { minRevenueAgorot: 0, discountPercent: 0, tierName: "רגיל" },
      { minRevenueAgorot: 100000, discountPercent: 8, tierName: "ארד" },
      { minRevenueAgorot: 300000, discountPercent: 15, tierName: "כסף" },
      { minRevenueAgorot: 600000, discountPercent: 25, tierName: "זהב" },
    ],
    pickupPoints: [
      {
        address: "שדרות יעלים 12, באר שבע",
        instructions: "במרכז המסחרי, ליד בית המרקחת.",
        contactPhone: "08-6412789",
        pickupDays: [2],
        pickupStartTime: "18:00",
        pickupEndTime: "20:30",
      },
      {
        address: "רחוב וינגייט 5, באר שבע",
        instructions: "בלובי של הבניין, לבקש מהשומר בכניסה.",
        contactPhone: "052-8890112",
        pickupDays: [2, 3],
        pickupStartTime: "17:00",
        pickupEndTime: "19:00",
      },
    ],
  },
  {
    key: "modiin-avnei-hen",
    name: "אבני חן – מודיעין",
    description:
      "משפחות מאבני חן ומהכרמים שקונות יחד ירקות, פירות ופטריות ישר מהמשק. האיסוף ביום שישי בבוקר, לפני השבת.",
    city: "מודיעין-מכבים-רעות",
    contactPhone: "08-9712345",
    deadlineWeekday: 3,
    deadlineTime: "22:00",
    targetRevenueAgorot: 320000,
    tiers: [
      { minRevenueAgorot: 0, discountPercent: 0, tierName: "רגיל" },
      { minRevenueAgorot: 180000, discountPercent: 10, tierName: "ארד" },
      { minRevenueAgorot: 450000, discountPercent: 20, tierName: "כסף" },
      { minRevenueAgorot: 850000, discountPercent: 30, tierName: "זהב" },
    ],
    pickupPoints: [
      {
        address: "רחוב אבני החושן 7, מודיעין-מכבים-רעות",
        instructions: "ליד גן המשחקים שמאחורי בית הכנסת.",
        contactPhone: "08-9712345",
        pickupDays: [5],
        pickupStartTime: "08:30",
        pickupEndTime: "11:30",
      },
      {
        address: "רחוב עמק דותן 12, מודיעין-מכבים-רעות",
        instructions: null,
        contactPhone: "050-2233445",
        pickupDays: [5],
        pickupStartTime: "09:00",
        pickupEndTime: "12:00",
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------

export const seedDeals: SeedDeal[] = [
  // ----- Vegetables -----
  {
    vendorKey: "arava-greenhouse",
    slug: "cherry-tomatoes",
    title: "עגבניות שרי אדומות",
    description:
      "עגבניות שרי מתוקות מהחממה שלנו בחצבה, נקטפות על האשכול כשהן אדומות לגמרי. מושלמות לסלט, לנשנוש או לצלייה בתנור עם שמן זית. שמרו אותן מחוץ למקרר כדי שלא יאבדו את הטעם.",
    category: "vegetables",
    basePriceAgorot: 990,
    unit: "מארז 500 גרם",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/cherry-tomatoes.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 890 },
      { thresholdQty: 6, unitPriceAgorot: 790 },
    ],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "tomatoes",
    title: "עגבניות שדה",
    description:
      "עגבניות עסיסיות מהשדה בעמק יזרעאל, נקטפות בשלות ולא בירוק. מצוינות לסלט ישראלי, לשקשוקה ולרוטב. עדיף להשאיר אותן בקערה על השיש ולא במקרר.",
    category: "vegetables",
    basePriceAgorot: 790,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/tomatoes.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 690 },
      { thresholdQty: 5, unitPriceAgorot: 590 },
    ],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "cucumbers",
    title: "מלפפונים",
    description:
      "מלפפונים קטנים ופריכים בלי טיפת מרירות, נקטפים כל בוקר בנהלל. נשמרים במגירת הירקות במקרר עד שבוע.",
    category: "vegetables",
    basePriceAgorot: 690,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/cucumbers.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 620 },
      { thresholdQty: 5, unitPriceAgorot: 550 },
    ],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "red-bell-peppers",
    title: "פלפל אדום",
    description:
      "פלפל אדום בשרני ומתוק מהערבה, עם דופן עבה ועסיסית. טעים חי בסלט, ממולא או קלוי על האש. נשמר במקרר כשבוע וחצי.",
    category: "vegetables",
    basePriceAgorot: 1290,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/red-bell-peppers.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 1150 },
      { thresholdQty: 5, unitPriceAgorot: 990 },
    ],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "yellow-bell-peppers",
    title: "פלפל צהוב",
    description:
      "פלפל צהוב מתקתק ופריך מהחממות בחצבה. מוסיף צבע לכל סלט ומצוין לפסטה ולמוקפץ. הכי טוב לשמור אותו במקרר בשקית נייר.",
    category: "vegetables",
    basePriceAgorot: 1390,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/yellow-bell-peppers.svg",
    tiers: [],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "zucchini",
    title: "קישואים",
    description:
      "קישואים ירוקים בהירים, קטנים ורכים, מהחממה בערבה. מתאימים לממולאים, לפשטידה או לצלייה בגריל. כדאי להשתמש בהם תוך כמה ימים.",
    category: "vegetables",
    basePriceAgorot: 890,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/zucchini.svg",
    tiers: [],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "eggplant",
    title: "חצילים",
    description:
      "חצילים מבריקים עם מעט גרעינים ובשר קרמי. מעולים לקלייה על הגז לסלט חצילים, לטיגון או לתנור. שמרו במקום קריר והשתמשו תוך 4-5 ימים.",
    category: "vegetables",
    basePriceAgorot: 790,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/eggplant.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "potatoes",
    title: "תפוחי אדמה",
    description:
      "תפוחי אדמה מזן דזירה מאדמת העמק. מתאימים לצלייה, לפירה ולצ׳יפס ביתי. שמרו במקום חשוך ויבש, לא במקרר ולא ליד הבצל.",
    category: "vegetables",
    basePriceAgorot: 590,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 50,
    image: "/images/produce/potatoes.svg",
    tiers: [
      { thresholdQty: 5, unitPriceAgorot: 490 },
      { thresholdQty: 10, unitPriceAgorot: 420 },
    ],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "sweet-potatoes",
    title: "בטטות",
    description:
      "בטטות כתומות ומתוקות, שנחו כמה שבועות אחרי האסיף כדי שהסוכר יתפתח. אופים בתנור עם הקליפה או מכינים מרק קטיפתי. לשמור מחוץ למקרר.",
    category: "vegetables",
    basePriceAgorot: 890,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/sweet-potatoes.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "carrots",
    title: "גזר",
    description:
      "גזר צעיר ומתוק מנהלל, נשטף אחרי הקטיף. טוב לנשנוש, למיצים ולתבשילים. בלי העלים הוא נשמר במקרר שבועיים ויותר.",
    category: "vegetables",
    basePriceAgorot: 590,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/carrots.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 520 },
      { thresholdQty: 5, unitPriceAgorot: 460 },
    ],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "red-onions",
    title: "בצל סגול",
    description:
      "בצל סגול עדין ופריך, פחות חריף מבצל לבן. מצוין חי בסלטים ובכבישה מהירה בחומץ ולימון. לשמור במקום יבש ומאוורר.",
    category: "vegetables",
    basePriceAgorot: 690,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 25,
    image: "/images/produce/red-onions.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "romaine-lettuce",
    title: "חסה ערבית",
    description:
      "חסה ערבית גדולה ופריכה מגידול בשטח פתוח בעמק. שוטפים עלה-עלה ומייבשים היטב. עטופה במגבת לחה בתוך קופסה היא נשמרת במקרר כמעט שבוע.",
    category: "vegetables",
    basePriceAgorot: 690,
    unit: "יחידה",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/romaine-lettuce.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "purple-cabbage",
    title: "כרוב סגול",
    description:
      "כרוב סגול דחוס וכבד מהשדות של נהלל. מעולה לסלט כרוב עם לימון ושמן זית או לכבישה. ראש שלם נשמר במקרר שבועיים ויותר.",
    category: "vegetables",
    basePriceAgorot: 790,
    unit: "יחידה",
    minQty: 1,
    maxQty: 10,
    image: "/images/produce/purple-cabbage.svg",
    tiers: [],
  },

  // ----- Fruits -----
  {
    vendorKey: "golan-orchard",
    slug: "red-apples",
    title: "תפוחי עץ פינק ליידי",
    description:
      "תפוחי פינק ליידי פריכים ועסיסיים מהמטע במרום גולן, עם איזון יפה בין מתיקות לחמיצות. נקטפים בשלים ונשמרים במקרר שבועות ארוכים.",
    category: "fruits",
    basePriceAgorot: 1290,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/red-apples.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 1150 },
      { thresholdQty: 5, unitPriceAgorot: 990 },
    ],
  },
  {
    vendorKey: "golan-orchard",
    slug: "green-apples",
    title: "תפוחי עץ גרני סמית",
    description:
      "תפוחי גרני סמית ירוקים, חמצמצים ופריכים במיוחד. מעולים לאכילה כמו שהם, לסלט ולעוגת תפוחים. לשמור במקרר.",
    category: "fruits",
    basePriceAgorot: 1190,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 30,
    image: "/images/produce/green-apples.svg",
    tiers: [],
  },
  {
    vendorKey: "golan-orchard",
    slug: "pears",
    title: "אגסי ספדונה",
    description:
      "אגסי ספדונה ריחניים מהגולן. אם הם מגיעים קצת קשים, השאירו אותם יום-יומיים על השיש עד שיתרככו ויהיו דבשיים.",
    category: "fruits",
    basePriceAgorot: 1390,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/pears.svg",
    tiers: [],
  },
  {
    vendorKey: "golan-orchard",
    slug: "cherries",
    title: "דובדבנים",
    description:
      "דובדבנים כהים ומתוקים שנקטפים ביד בעונה הקצרה של הגולן. שוטפים רק רגע לפני האכילה ושומרים במקרר בקופסה פתוחה.",
    category: "fruits",
    basePriceAgorot: 2990,
    unit: "מארז 500 גרם",
    minQty: 1,
    maxQty: 10,
    image: "/images/produce/cherries.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 2690 },
      { thresholdQty: 5, unitPriceAgorot: 2490 },
    ],
  },
  {
    vendorKey: "golan-orchard",
    slug: "plums",
    title: "שזיפים אדומים",
    description:
      "שזיפים אדומים עסיסיים מהמטע, עם קליפה חמצמצה ובשר מתוק. טעימים טריים וגם בקומפוט או בעוגה. מבשילים יפה על השיש.",
    category: "fruits",
    basePriceAgorot: 1190,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/plums.svg",
    tiers: [],
  },
  {
    vendorKey: "golan-orchard",
    slug: "nectarines",
    title: "נקטרינות",
    description:
      "נקטרינות ריחניות עם בשר צהוב ועסיסי, נקטפות כמעט בשלות לגמרי. תנו להן יום על השיש ואז העבירו למקרר.",
    category: "fruits",
    basePriceAgorot: 1290,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/nectarines.svg",
    tiers: [],
  },
  {
    vendorKey: "golan-orchard",
    slug: "green-grapes",
    title: "ענבים ירוקים ללא חרצנים",
    description:
      "ענבים ירוקים ללא חרצנים מהכרם שלנו בגולן, פריכים ומתוקים. לשמור במקרר באשכול שלם ולשטוף רק לפני ההגשה.",
    category: "fruits",
    basePriceAgorot: 1490,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/green-grapes.svg",
    tiers: [],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "medjool-dates",
    title: "תמרי מג׳הול",
    description:
      "תמרי מג׳הול גדולים ורכים מהמטע בחצבה, בלי תוספת סוכר ובלי עיבוד. נשמרים חודשים במקרר, וטעימים במיוחד עם כף טחינה או במילוי אגוזים.",
    category: "fruits",
    basePriceAgorot: 2490,
    unit: "מארז 500 גרם",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/medjool-dates.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 2190 },
      { thresholdQty: 5, unitPriceAgorot: 1990 },
    ],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "melon",
    title: "מלון גליה",
    description:
      "מלון גליה ריחני ומתוק מהערבה, כל אחד שוקל בערך קילו וחצי. כשהבסיס מתרכך קלות ויש ריח – הוא מוכן. אחרי החיתוך לשמור במקרר בקופסה סגורה.",
    category: "fruits",
    basePriceAgorot: 1290,
    unit: "יחידה",
    minQty: 1,
    maxQty: 10,
    image: "/images/produce/melon.svg",
    tiers: [],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "watermelon",
    title: "אבטיח",
    description:
      "אבטיח אדום ופריך של כ-6 ק״ג, מתוק ועם מעט מאוד חרצנים. מקררים היטב לפני ההגשה ומגישים עם גבינה בולגרית ונענע.",
    category: "fruits",
    basePriceAgorot: 2490,
    unit: "יחידה",
    minQty: 1,
    maxQty: 10,
    image: "/images/produce/watermelon.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "strawberries",
    title: "תותי שדה",
    description:
      "תותים אדומים ומתוקים מהשדה בנהלל, נקטפים בבוקר של יום המשלוח. לא לשטוף לפני האחסון, רק לפני האכילה. הכי טעימים בתוך יומיים.",
    category: "fruits",
    basePriceAgorot: 1990,
    unit: "מארז 500 גרם",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/strawberries.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 1790 },
      { thresholdQty: 5, unitPriceAgorot: 1590 },
    ],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "mango",
    title: "מנגו מאיה",
    description:
      "מנגו מזן מאיה מהמטע שלנו בעמק, מתוק ועסיסי בלי סיבים. כשהוא מעט רך למגע והריח עולה – הוא בשל. מבשיל על השיש תוך 2-3 ימים.",
    category: "fruits",
    basePriceAgorot: 1490,
    unit: "ק״ג",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/mango.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 1350 },
      { thresholdQty: 5, unitPriceAgorot: 1190 },
    ],
  },

  // ----- Herbs -----
  {
    vendorKey: "nahalal-farm",
    slug: "parsley",
    title: "פטרוזיליה",
    description:
      "צרור פטרוזיליה עבה וריחני שנקטף בבוקר. שמרו במקרר כשהגבעולים בכוס מים, כמו זר פרחים. חובה לטאבולה ולקציצות.",
    category: "herbs",
    basePriceAgorot: 390,
    unit: "צרור",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/parsley.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 350 },
      { thresholdQty: 5, unitPriceAgorot: 300 },
    ],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "coriander",
    title: "כוסברה",
    description:
      "כוסברה טרייה עם עלים עדינים וריח חזק. מעולה לסחוג, לסלטים ולמרקים. עטופה במגבת נייר לחה היא מחזיקה במקרר כמה ימים.",
    category: "herbs",
    basePriceAgorot: 390,
    unit: "צרור",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/coriander.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "dill",
    title: "שמיר",
    description:
      "שמיר ירוק ורך מהשדה בנהלל. משדרג סלט מלפפונים, מרק עוף ופשטידות. לשמור במקרר בשקית סגורה.",
    category: "herbs",
    basePriceAgorot: 390,
    unit: "צרור",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/dill.svg",
    tiers: [],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "mint",
    title: "נענע",
    description:
      "נענע ריחנית מהחממות בערבה, בדיוק בשביל תה חם, לימונענע או סלט. מחזיקה יפה בכוס מים על השיש או במקרר.",
    category: "herbs",
    basePriceAgorot: 490,
    unit: "צרור",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/mint.svg",
    tiers: [],
  },
  {
    vendorKey: "arava-greenhouse",
    slug: "basil",
    title: "בזיליקום",
    description:
      "בזיליקום גנובזי עם עלים גדולים וריחניים. מושלם לפסטו, לפסטה ולסלט עגבניות. לא להכניס למקרר – שמרו אותו בכוס מים על השיש.",
    category: "herbs",
    basePriceAgorot: 590,
    unit: "צרור",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/basil.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "rosemary",
    title: "רוזמרין",
    description:
      "ענפי רוזמרין רעננים ומלאי שמן ריחני. מעולים לתפוחי אדמה בתנור, לעוף ולפוקאצ׳ה. אם תולים אותם הפוך במקום מאוורר הם מתייבשים יפה.",
    category: "herbs",
    basePriceAgorot: 490,
    unit: "צרור",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/rosemary.svg",
    tiers: [],
  },
  {
    vendorKey: "nahalal-farm",
    slug: "zaatar",
    title: "זעתר טרי",
    description:
      "זעתר טרי מגידול חקלאי בנהלל. קוצצים לסלט עם בצל ושמן זית או מפזרים על לאפה חמה. אפשר גם לייבש ולטחון לתערובת ביתית.",
    category: "herbs",
    basePriceAgorot: 590,
    unit: "צרור",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/zaatar.svg",
    tiers: [],
  },

  // ----- Sprouts -----
  {
    vendorKey: "tavor-mushrooms",
    slug: "alfalfa-sprouts",
    title: "נבטי אלפלפה",
    description:
      "נבטי אלפלפה עדינים ופריכים שמונבטים אצלנו בכפר תבור. מוסיפים לכריכים, לסלטים ולפיתה עם חומוס. לשמור במקרר ולאכול תוך 4-5 ימים.",
    category: "sprouts",
    basePriceAgorot: 790,
    unit: "מארז 150 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/alfalfa-sprouts.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "mung-bean-sprouts",
    title: "נבטי מש (מונג)",
    description:
      "נבטי מש לבנים ועבים, פריכים ועסיסיים. מצוינים למוקפץ ולאטריות בסגנון אסייתי – מוסיפים בדקה האחרונה של הבישול כדי שיישארו פריכים.",
    category: "sprouts",
    basePriceAgorot: 690,
    unit: "מארז 250 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/mung-bean-sprouts.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 620 },
      { thresholdQty: 5, unitPriceAgorot: 560 },
    ],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "broccoli-sprouts",
    title: "נבטי ברוקולי",
    description:
      "נבטי ברוקולי צעירים עם חריפות עדינה. טעימים על טוסט עם אבוקדו או בתוך סלט. לשמור במקרר בקופסה הסגורה.",
    category: "sprouts",
    basePriceAgorot: 990,
    unit: "מארז 100 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/broccoli-sprouts.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "sunflower-sprouts",
    title: "נבטי חמנייה",
    description:
      "נבטי חמנייה עם עלים בשרניים וטעם אגוזי. אנחנו מגדלים אותם על מצע עד גובה של כ-10 ס״מ וקוטפים ממש לפני המשלוח. נהדרים בסלט ירוק.",
    category: "sprouts",
    basePriceAgorot: 890,
    unit: "מארז 100 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/sunflower-sprouts.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "pea-shoots",
    title: "נבטי אפונה",
    description:
      "נבטי אפונה מתקתקים עם קנוקנות מסולסלות. מוסיפים חיים לסלט או מקפיצים דקה אחת עם שום ושמן שומשום.",
    category: "sprouts",
    basePriceAgorot: 890,
    unit: "מארז 100 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/pea-shoots.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "radish-sprouts",
    title: "נבטי צנונית",
    description:
      "נבטי צנונית בגבעולים סגולים-ורודים עם חריפות נעימה. משדרגים כריך, חביתה או קערת אורז. לשמור במקרר בקופסה הסגורה.",
    category: "sprouts",
    basePriceAgorot: 790,
    unit: "מארז 100 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/radish-sprouts.svg",
    tiers: [],
  },

  // ----- Mushrooms -----
  {
    vendorKey: "tavor-mushrooms",
    slug: "white-mushrooms",
    title: "פטריות שמפיניון לבנות",
    description:
      "שמפיניון לבן וסגור, נקטף בבוקר ונשלח בקירור. טוב למוקפץ, לפסטה ולסלט טרי. שמרו במקרר בשקית נייר ולא בניילון.",
    category: "mushrooms",
    basePriceAgorot: 1290,
    unit: "מארז 500 גרם",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/white-mushrooms.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 1150 },
      { thresholdQty: 5, unitPriceAgorot: 990 },
    ],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "brown-mushrooms",
    title: "שמפיניון חום",
    description:
      "שמפיניון חום עם טעם אדמתי ועמוק יותר מהלבן. מושלם לריזוטו, לרטבים ולפשטידה. מנקים במברשת רכה או במגבת לחה במקום לשטוף.",
    category: "mushrooms",
    basePriceAgorot: 990,
    unit: "מארז 250 גרם",
    minQty: 1,
    maxQty: 20,
    image: "/images/produce/brown-mushrooms.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "portobello",
    title: "פטריות פורטובלו",
    description:
      "פורטובלו גדולות ובשרניות שאפשר לצלות שלמות על הגריל, כמו קציצה. ממלאים בגבינה ועשבי תיבול ואופים כרבע שעה.",
    category: "mushrooms",
    basePriceAgorot: 1790,
    unit: "מארז 500 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/portobello.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "oyster-mushrooms",
    title: "פטריות יער (פלרוטוס)",
    description:
      "פטריות יער רכות וקטיפתיות שגדלות אצלנו על קש. במחבת חמה עם חמאה ושום הן נהיות זהובות ופריכות בשוליים.",
    category: "mushrooms",
    basePriceAgorot: 1390,
    unit: "מארז 250 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/oyster-mushrooms.svg",
    tiers: [],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "shiitake",
    title: "פטריות שיטאקי",
    description:
      "שיטאקי טרי שגדל על בולי נסורת עץ, עם ארומה עשירה של אומאמי. מצוין למרקים, למוקפץ ולציר. את הגבעול הקשה מורידים ושומרים לציר.",
    category: "mushrooms",
    basePriceAgorot: 1990,
    unit: "מארז 250 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/shiitake.svg",
    tiers: [
      { thresholdQty: 3, unitPriceAgorot: 1790 },
      { thresholdQty: 5, unitPriceAgorot: 1590 },
    ],
  },
  {
    vendorKey: "tavor-mushrooms",
    slug: "king-oyster",
    title: "פטריות מלך היער",
    description:
      "מלך היער עם גבעול עבה ולבן ומרקם שנשאר מוצק גם אחרי בישול. פורסים לאורך וצורבים במחבת – מזכיר צדפות. נשמרות במקרר עד שבוע.",
    category: "mushrooms",
    basePriceAgorot: 1890,
    unit: "מארז 300 גרם",
    minQty: 1,
    maxQty: 15,
    image: "/images/produce/king-oyster.svg",
    tiers: [],
  },
];

/**
 * The demo market's site settings (issue #45). Every value says it is a demonstration, so no one
 * mistakes the demo for a real business. No phone and no registration number: any number we
 * wrote could be someone's; the pages and the receipt leave them out, as on a real install
 * before the organiser fills them in. E-mail addresses are under .example (reserved, RFC 2606).
 */
export const seedSiteSettings = {
  businessName: { he: "שוק קהילתי (הדגמה)", en: "Shuk Kehilati (demo)" },
  address: { he: "כתובת לדוגמה (הדגמה), אין כאן עסק אמיתי", en: "Sample address (demo), not a real business" },
  email: "hello@shuk.example",
  privacyEmail: "privacy@shuk.example",
  hours: { he: "שעות לדוגמה (הדגמה): ראשון עד חמישי 9:00-17:00", en: "Sample hours (demo): Sunday to Thursday 9:00-17:00" },
  aboutStory: {
    he: "זהו אתר הדגמה של שוק קהילתי. החקלאים, המבצעים והקהילות כאן בדויים, כדי שאפשר יהיה לנסות את השוק מכל הצדדים.\n\nבשוק אמיתי כתוב כאן מנהל השוק מי מפעיל אותו, ממתי ולמה.",
    en: "This is a demonstration of Shuk Kehilati. The farmers, deals and communities here are made up, so you can try the market from every side.\n\nIn a real market, the organiser writes here who runs it, since when and why.",
  },
  receiptFooter: { he: "קבלה לדוגמה מאתר הדגמה, ללא תוקף.", en: "A sample receipt from a demo site, not valid." },
};
