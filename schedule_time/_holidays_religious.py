"""Christian, Jewish, Islamic, Hindu, Sikh and Buddhist days for :mod:`schedule_time.holidays`.

Span conventions (see also the table in :mod:`schedule_time.holidays`):

* Christian days are single days relative to Easter (``dateutil.easter``, western or orthodox).
  Lent runs from Ash Wednesday up to Easter Sunday; Great Lent from Clean Monday up to Lazarus
  Saturday.
* Jewish days begin at sunset, so a span starts on the day of the evening before (erev) and
  runs through the last day as kept in the diaspora: Yom Kippur 2018 is [Sep 18, Sep 20),
  Passover [14 Nisan, 23 Nisan). Hanukkah is its eight nights of candle lighting, from the
  evening of 24 Kislev. Israeli memorial days follow their postponement rules.
* Islamic days are single days (Ramadan: 1 Ramadan up to 1 Shawwal) on python-holidays'
  Umm al-Qura based dates, or the arithmetic calendar outside 1925-2099.
* Hindu, Sikh and Buddhist days use python-holidays' Indian dates (2001-2035 for most).
"""

from __future__ import annotations

from datetime import date

from schedule_time import _holiday_rules as r
from schedule_time._holiday_rules import FRI, E, Entry
from schedule_time.deltas import DAYS

one = r.days


def _jewish(month: int, day: int, n: int = 1, observe=None) -> r.Rule:
    return r.days(r.hebrew(month, day, observe), n, erev=True)


_eid_al_fitr = r.islamic("eid_al_fitr_dates", 10, 1)


def _jumuatul_wida(year: int) -> tuple[date, ...]:
    """The last Friday of Ramadan: the Friday before Eid al-Fitr."""
    return tuple(d - DAYS[(d.weekday() - FRI) % 7 or 7] for d in _eid_al_fitr(year))


_diwali = r.first_of(r.hindu("diwali_india"), r.hindu("diwali"))  # India, else 1901-2100
_holi = r.hindu("holi")
_pongal = r.hindu("pongal")

ENTRIES: tuple[Entry, ...] = (
    # --- Western Christian (Easter-relative) --------------------------------------------------
    E("easter", "Easter Sunday", "复活节", one(r.easter(0)),
      en=("easter", "easter day", "resurrection sunday"),
      zh=("主复活日", "复活节星期日", "复活主日", "复活日")),
    E("easter_monday", "Easter Monday", "复活节星期一", one(r.easter(1)), zh=("复活节翌日",)),
    E("good_friday", "Good Friday", "耶稣受难日", one(r.easter(-2)), en=("holy friday",),
      zh=("主受难日", "主受难节", "受难节", "圣周五", "沉默周五", "沈默周五")),
    E("holy_saturday", "Holy Saturday", "圣周六", one(r.easter(-1)),
      en=("black saturday", "easter eve", "easter saturday"),
      zh=("神圣周六", "耶稣受难日翌日", "主受难节翌日", "复活节前夜", "黑色星期六")),
    E("maundy_thursday", "Maundy Thursday", "神圣星期四", one(r.easter(-3)),
      en=("holy thursday", "covenant thursday", "thursday of mysteries"),
      zh=("濯足节", "圣周星期四", "圣周四", "设立圣餐日", "濯足星期四")),
    E("palm_sunday", "Palm Sunday", "棕枝主日", one(r.easter(-7)), en=("branch sunday",),
      zh=("圣枝主日", "圣树主日", "基督苦难主日", "棕榈主日")),
    E("ash_wednesday", "Ash Wednesday", "大斋首日", one(r.easter(-46)),
      zh=("圣灰星期三", "圣灰日", "灰日", "圣灰礼仪日", "涂灰日")),
    E("shrove_tuesday", "Shrove Tuesday", "忏悔节", one(r.easter(-47)),
      en=("pancake day", "pancake tuesday", "mardi gras", "fat tuesday"),
      zh=("忏悔火曜日", "煎饼星期二", "忏悔星期二")),
    E("lent", "Lent", "大斋期", r.period(r.easter(-46), r.easter(0)),
      zh=("大斋节", "四旬期", "四旬节")),
    E("easter_weekend", "Easter weekend", "复活节假期", one(r.easter(-2), 4),  # Good Friday to Easter Monday
      en=("easter week-end", "easter long week-end"), zh=("复活节长假", "复活节长周末")),
    E("ascension_day", "Ascension Day", "耶稣升天节", one(r.easter(39)),
      en=("ascension thursday", "feast of the ascension"), zh=("升天节", "主升天节")),
    E("pentecost", "Pentecost", "五旬节", one(r.easter(49)),
      en=("whitsunday", "whit sunday", "white sunday", "whitsun", "pentecost sunday"),
      zh=("圣灵降临节", "圣灵降临日")),
    E("whit_monday", "Whit Monday", "圣灵节庆日", one(r.easter(50)),
      en=("monday of the holy spirit", "pentecost monday"), zh=("圣灵降临节星期一",)),
    E("trinity_sunday", "Trinity Sunday", "圣三一主日", one(r.easter(56)),
      zh=("天主三一主日", "天主圣三一节", "圣三主日", "圣三节")),
    E("corpus_christi", "Corpus Christi", "基督圣体节", one(r.easter(60)),
      en=("feast of corpus christi",), zh=("基督圣体圣血瞻礼", "基督圣体圣血节")),
    E("epiphany", "Epiphany", "主显节", one(r.fixed(1, 6)), en=("three kings' day",)),
    E("assumption_day", "Assumption Day", "圣母升天节", one(r.fixed(8, 15)), en=("assumption of mary",)),
    # --- Orthodox Christian ---------------------------------------------------------------------
    E("orthodox_easter", "Orthodox Easter Sunday", "东正教复活节", one(r.easter(0, orthodox=True)),
      en=("orthodox easter", "pascha")),
    E("orthodox_easter_monday", "Orthodox Easter Monday", "东正教复活节星期一", one(r.easter(1, orthodox=True))),
    E("orthodox_good_friday", "Orthodox Good Friday", "东正教耶稣受难日", one(r.easter(-2, orthodox=True)),
      en=("orthodox great friday", "orthodox holy friday"),
      zh=("东正教主受难节", "东正教圣周五", "东正教沉默周五", "东正教沈默周五", "东正教主受难日")),
    E("orthodox_holy_saturday", "Orthodox Holy Saturday", "东正教圣周六", one(r.easter(-1, orthodox=True)),
      en=("orthodox great saturday",),
      zh=("东正教神圣周六", "东正教耶稣受难日翌日", "东正教主受难节翌日", "东正教复活节前夜")),
    E("orthodox_palm_sunday", "Orthodox Palm Sunday", "东正教棕枝主日", one(r.easter(-7, orthodox=True)),
      zh=("东正教圣枝主日", "东正教圣树主日", "东正教基督苦难主日")),
    E("lazarus_saturday", "Lazarus Saturday", "拉撒路圣周六", one(r.easter(-8, orthodox=True)),
      zh=("拉匝路周六", "拉撒路周六")),
    E("clean_monday", "Clean Monday", "洁净星期一", one(r.easter(-48, orthodox=True)),
      en=("orthodox shrove monday", "pure monday", "ash monday")),
    E("great_lent", "Great Lent", "东正教大斋期",
      r.period(r.easter(-48, orthodox=True), r.easter(-8, orthodox=True)), en=("great fast",)),
    E("orthodox_christmas", "Orthodox Christmas", "东正教圣诞节", one(r.julian(12, 25)),
      en=("orthodox christmas day",)),
    # --- Jewish (from the evening before; diaspora length) ------------------------------------
    E("rosh_hashanah", "Rosh Hashanah", "犹太新年", _jewish(7, 1, 2),
      en=("rosh hashana", "rosh hashanna", "rosh hoshana", "jewish new year"), zh=("犹太历新年",)),
    E("yom_kippur", "Yom Kippur", "赎罪日", _jewish(7, 10), en=("day of atonement",)),
    E("sukkot", "Sukkot", "住棚节", _jewish(7, 15, 8),
      en=("succot", "sukkos", "succos", "feast of tabernacles", "feast of booths", "feast of the ingathering"),
      zh=("结茅节",)),
    E("shemini_atzeret", "Shemini Atzeret", "圣会节", _jewish(7, 22), zh=("圣会日",)),
    E("simchat_torah", "Simchat Torah", "西赫托拉节", _jewish(7, 23),
      en=("simchas torah", "simhat torah"),
      zh=("西赫妥拉节", "诵经节", "转经节", "律法节", "欢庆圣法节")),
    E("hanukkah", "Hanukkah", "光明节", one(r.hebrew(9, 24), 8),  # eight nights from 24 Kislev
      en=("hanukah", "chanukah", "chanukkah", "hannukkah", "hannukah", "chanuka", "hanuka"),
      zh=("修殿节", "献殿节", "烛光节", "哈努卡节", "马加比节")),
    E("tu_bishvat", "Tu BiShvat", "犹太植树节", _jewish(11, 15),
      en=("tu b'shvat", "tu bishevat", "tu b'shevat"), zh=("图比舍巴特节", "树木新年")),
    E("purim", "Purim", "普珥节", _jewish(12, 14), zh=("普林节",)),
    E("shushan_purim", "Shushan Purim", "书珊普珥节", _jewish(12, 15)),
    E("passover", "Passover", "逾越节", _jewish(1, 15, 8), en=("pesach", "pesah")),
    E("yom_hashoah", "Yom HaShoah", "大屠杀纪念日", _jewish(1, 27, observe=r.yom_hashoah_observed),
      en=("holocaust day", "holocaust remembrance day"), zh=("犹太大屠杀纪念日",)),
    E("yom_hazikaron", "Yom HaZikaron", "以色列阵亡将士纪念日", _jewish(2, 4, observe=r.yom_hazikaron_observed)),
    E("yom_haatzmaut", "Yom Ha'atzmaut", "以色列独立日", _jewish(2, 5, observe=r.yom_haatzmaut_observed),
      en=("israel independence day", "israeli independence day"), zh=("以色列国庆节", "以色列国庆日")),
    E("lag_baomer", "Lag BaOmer", "篝火节", _jewish(2, 18),
      en=("lag b'omer", "lag ba'omer", "lag laomer"), zh=("犹太教篝火节", "拉格巴奥默节")),
    E("shavuot", "Shavuot", "七七节", _jewish(3, 6, 2),
      en=("shavuos", "shavuoth", "feast of weeks"), zh=("沙夫幼特节", "新果实节")),
    E("tisha_bav", "Tisha B'Av", "圣殿被毁日", _jewish(5, 9, observe=r.tisha_bav_observed),
      en=("tisha beav", "tishah b'av", "ninth of av")),
    # --- Islamic --------------------------------------------------------------------------------
    E("ramadan", "Ramadan", "斋月",
      r.period(r.islamic("ramadan_beginning_dates", 9, 1), _eid_al_fitr),
      en=("ramadhan", "ramazan", "ramzan", "ramzaan", "ramathan"),
      zh=("穆斯林斋月", "莱麦丹月", "赖买丹月")),
    E("eid_al_fitr", "Eid al-Fitr", "开斋节", one(_eid_al_fitr),
      en=("eid ul-fitr", "id ul-fitr", "eid-ul-fitr", "eid", "ramazan bayram", "hari raya puasa",
          "hari raya aidilfitri", "festival of breaking the fast"),
      zh=("肉孜节", "尔代节")),
    E("eid_al_adha", "Eid al-Adha", "古尔邦节", one(r.islamic("eid_al_adha_dates", 12, 10)),
      en=("eid ul-adha", "id ul-adha", "eid-ul-adha", "bakr id", "bakrid", "bakri eid", "eid qurban",
          "kurban bayram", "qurban bayram", "sacrifice feast", "feast of the sacrifice", "hari raya haji"),
      zh=("宰牲节", "忠孝节")),
    E("islamic_new_year", "Islamic New Year", "伊斯兰新年", one(r.islamic("hijri_new_year_dates", 1, 1)),
      en=("hijri new year", "arabic new year", "amun jadid", "al-hijra", "ras as-sana"),
      zh=("伊斯兰教新年", "伊斯兰历新年", "回历新年")),
    E("ashura", "Ashura", "阿舒拉节", one(r.islamic("ashura_dates", 1, 10)),
      en=("day of ashura", "hosay")),
    E("mawlid", "Mawlid", "圣纪节", one(r.islamic("mawlid_dates", 3, 12)),
      en=("mawlid al-nabawi", "mawlid an-nabi", "mawlid al-nabi", "milad un nabi", "eid-e-milad",
          "prophet's birthday", "prophet muhammad's birthday"), zh=("圣纪",)),
    E("isra_miraj", "Isra and Mi'raj", "登霄节", one(r.islamic("isra_and_miraj_dates", 7, 27)),
      en=("isra' and mi'raj", "isra miraj", "the prophet's ascension", "the night journey",
          "lailat al-miraj", "shab-e-miraj"), zh=("夜行登霄节",)),
    E("laylat_al_qadr", "Laylat al-Qadr", "法令之夜", one(r.islamic("laylat_al_qadr_dates", 9, 27)),
      en=("laylat al kadr", "lailat al-qadr", "night of power", "night of measures", "night of decree",
          "shab-e-qadr"), zh=("权力之夜", "盖德尔夜")),
    E("jumuatul_wida", "Jumu'atul-Wida", "告别聚礼日", one(_jumuatul_wida),
      en=("jamat ul-vida", "jumu'atul wida", "jummat-ul-vida")),
    E("ali_birthday", "Hazarat Ali's Birthday", "阿里诞辰", one(r.islamic("ali_birthday_dates", 7, 13)),
      en=("hazrat ali's birthday", "hazrat ali jayanti")),
    # --- Hindu, Sikh, Jain, Buddhist (python-holidays' Indian dates) ----------------------------
    E("diwali", "Diwali", "排灯节", one(_diwali),
      en=("deepavali", "divali", "deepawali", "lakshmi puja"), zh=("万灯节", "印度灯节", "屠妖节")),
    E("dhanteras", "Dhanteras", "财富节", one(r.shifted(_diwali, -2)),
      en=("dhanatrayodashi", "dhantrayodashi")),
    E("naraka_chaturdashi", "Naraka Chaturdashi", "小排灯节", one(r.shifted(_diwali, -1)),
      en=("kali chaudas", "choti diwali", "chhoti diwali")),
    E("govardhan_puja", "Govardhan Puja", "牛增山节", one(r.shifted(_diwali, 1)), en=("annakut",)),
    E("bhai_dooj", "Bhai Dooj", "兄弟节", one(r.shifted(_diwali, 2)),
      en=("bhaiya dooj", "bhau beej", "bhai tika")),
    E("holi", "Holi", "侯丽节", one(_holi), en=("dhulandi", "phagwah", "dhuleti", "rangwali holi"),
      zh=("荷丽节", "洒红节", "欢悦节", "五彩节", "胡里节", "好利节", "霍利节")),
    E("holika_dahan", "Holika Dahan", "焚烧霍利卡", one(r.shifted(_holi, -1)),
      en=("chhoti holi", "kamudu pyre", "holika deepak")),
    E("navaratri", "Navaratri", "九夜节",
      r.period(r.hindu("sharad_navratri"), r.hindu("dussehra")),
      en=("navratri", "sharad navratri", "durga puja", "durgotsav"), zh=("难近母节",)),
    E("maha_saptami", "Maha Saptami", "七日节", one(r.hindu("maha_ashtami", -1))),
    E("maha_ashtami", "Maha Ashtami", "八日节", one(r.hindu("maha_ashtami")), en=("durga ashtami",)),
    E("maha_navami", "Maha Navami", "九日节", one(r.hindu("maha_navami"))),
    E("dussehra", "Vijayadashami", "十胜节", one(r.hindu("dussehra")),
      en=("dussehra", "dasara", "dashehra"), zh=("凯旋节",)),
    E("karva_chauth", "Karva Chauth", "卡瓦乔斋日", one(r.hindu("karwa_chauth")), en=("karwa chauth",)),
    E("janmashtami", "Krishna Janmashtami", "黑天节", one(r.hindu("janmashtami")),
      en=("janmashtami", "gokulashtami", "krishnashtami")),
    E("raksha_bandhan", "Raksha Bandhan", "印度兄妹节", one(r.hindu("raksha_bandhan")),
      en=("rakhi", "rakhi purnima"), zh=("拉克沙班丹节", "兄妹节")),
    E("rama_navami", "Rama Navami", "罗摩诞辰节", one(r.hindu("ram_navami")), en=("ram navami",)),
    E("maha_shivaratri", "Maha Shivaratri", "湿婆节", one(r.hindu("maha_shivaratri")),
      en=("mahashivratri", "maha shivratri", "shivaratri")),
    E("mahavir_jayanti", "Mahavir Jayanti", "大雄诞辰", one(r.hindu("mahavir_jayanti")),
      en=("mahaveer jayanti", "mahavir janma kalyanak", "mahaveer janma kalyanak")),
    E("ganesh_chaturthi", "Ganesh Chaturthi", "象头神节", one(r.hindu("ganesh_chaturthi")),
      en=("vinayaka chaturthi", "vinayaka chavithi")),
    E("onam", "Thiru Onam", "欧南节", one(r.hindu("onam")), en=("onam", "thiruvonam")),
    E("thai_pongal", "Thai Pongal", "印度丰收节", one(_pongal),
      en=("pongal", "makar sankranti", "makara sankranthi", "makara sankranti", "maghi"),
      zh=("淡米尔丰收节", "庞格尔节")),
    E("boghi", "Boghi", "庞格尔节第一天", one(r.shifted(_pongal, -1)),
      en=("bhogi", "bogi pandigai", "bhogi pandigai"), zh=("印度丰收节第一天",)),
    E("mattu_pongal", "Mattu Pongal", "庞格尔节第三天", one(r.shifted(_pongal, 1)),
      en=("maattu pongal",), zh=("印度丰收节第三天",)),
    E("kaanum_pongal", "Kaanum Pongal", "庞格尔节第四天", one(r.shifted(_pongal, 2)),
      en=("kanni pongal", "kanum pongal"), zh=("印度丰收节第四天",)),
    E("vaisakhi", "Vaisakhi", "拜萨基节", one(r.hindu("vaisakhi")),
      en=("baisakhi", "vasakhi", "vaishakhi")),
    E("ugadi", "Ugadi", "德干新年", one(r.hindu("gudi_padwa")),
      en=("yugadi", "samvatsaradi", "chaitra sukladi", "chaitra sukhladi", "gudi padwa")),
    E("vasant_panchami", "Vasant Panchami", "春五节", one(r.hindu("basant_panchami")),
      en=("basant panchami", "saraswati puja")),
    E("guru_gobind_singh_jayanti", "Guru Gobind Singh Jayanti", "古鲁戈宾德·辛格诞辰",
      one(r.hindu("guru_gobind_singh_jayanti")),
      en=("guru govind singh jayanti", "guru gobind singh's birthday", "guru govind singh's birthday")),
    E("guru_ravidas_jayanti", "Guru Ravidass Jayanti", "古鲁拉维达斯诞辰", one(r.hindu("guru_ravidas_jayanti")),
      en=("guru ravidas jayanti", "guru ravidass's birthday", "guru ravidas's birthday")),
    E("guru_nanak_jayanti", "Guru Nanak Jayanti", "古鲁那纳克诞辰", one(r.hindu("guru_nanak_jayanti")),
      en=("guru nanak gurpurab", "gurpurab", "guru nanak's birthday")),
    E("dayananda_jayanti", "Dayananda Saraswati Jayanti", "达亚南达诞辰",
      one(r.hindu("swami_dayanand_saraswati_jayanti")),
      en=("dayanand saraswati jayanti", "swami dayanand saraswati jayanti", "saraswati jayanti")),
    E("valmiki_jayanti", "Pargat Diwas", "蚁垤诞辰", one(r.hindu("maharshi_valmiki_jayanti")),
      en=("valmiki jayanti", "maharishi valmiki jayanti", "maharshi valmiki jayanti")),
    E("chhath", "Chhath", "克哈特普迦节", one(r.hindu("chhath_puja")),
      en=("chhath puja", "dala puja", "dala chhath", "surya shashthi"), zh=("恰特节",)),
    E("rath_yatra", "Ratha-Yatra", "战车节", one(r.hindu("rath_yatra")), en=("rath yatra",)),
    E("vesak", "Vesak", "卫塞节", one(r.buddhist("vesak")),
      en=("wesak", "vaisakha", "buddha day", "buddha purnima", "buddha jayanti"),
      zh=("威瑟节", "比萨宝蕉节", "佛陀日")),
    E("rabindra_jayanti", "Rabindra Jayanti", "泰戈尔诞辰",  # 25 Boishakh
      one(r.hindu("pohela_boishakh", 24)), en=("rabindranath jayanti", "rabindranath tagore jayanti")),
)
