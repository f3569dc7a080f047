"""Civil and observance days (US, UK, Commonwealth, a few others) for :mod:`schedule_time.holidays`.

Each entry is ``Entry(key, name_en, name_zh, rule, en=(...), zh=(...))``. The display names are
surface names too. English names are written lower case; ``'s`` marks a possessive that may be
written ``s``, ``s'``, ``’s`` or dropped; a space or a hyphen may be written as either or (for a
hyphen) left out; weekday words also match their abbreviations. Chinese names are written in
simplified characters; their traditional forms (and mixed ones) are matched through the
character map in :mod:`schedule_time.holidays`.

Where a name means different days in different countries, the entry follows the US (English)
or mainland China (Chinese) convention and says so in a comment; other countries' days get
their own, qualified names.
"""

from __future__ import annotations

from datetime import date, time

from schedule_time import _holiday_rules as r
from schedule_time._holiday_rules import MON, SAT, SUN, THU, TUE, WED, E, Entry

one = r.days
_thanksgiving = r.nth_weekday(11, THU, 4)
_mothers_day = r.nth_weekday(5, SUN, 2)
_labor_day = r.nth_weekday(9, MON, 1)
_ems_week = r.nth_weekday(5, SUN, 3)

# Super Tuesday: the US presidential primaries' biggest day, in election years. Usually the first
# Tuesday of March; the years when the most states voted on another Tuesday are listed.
_SUPER_TUESDAY_MOVED = {1984: (3, 13), 1988: (3, 8), 1992: (3, 10), 1996: (3, 12), 2008: (2, 5)}


def _super_tuesday(year: int) -> tuple[date, ...]:
    if year % 4:
        return ()
    if year in _SUPER_TUESDAY_MOVED:
        return (date(year, *_SUPER_TUESDAY_MOVED[year]),)
    return (r.nth_weekday_date(year, 3, TUE, 1),)


def _tsunami_tuesday(year: int) -> tuple[date, ...]:
    """Tsunami (Giga, Super Duper) Tuesday: the 24-state Super Tuesday of 5 Feb 2008 (that year only)."""
    return (date(2008, 2, 5),) if year == 2008 else ()


def _mini_tuesday(year: int) -> tuple[date, ...]:
    """Mini-Tuesday: the seven-state primary day of 3 Feb 2004 (the name was used that year only)."""
    return (date(2004, 2, 3),) if year == 2004 else ()


ENTRIES: tuple[Entry, ...] = (
    # --- New year, Christmas and other fixed Gregorian days --------------------------------
    E("new_years_day", "New Year's Day", "元旦", one(r.fixed(1, 1)),
      en=("new year's", "new year's day"), zh=("元旦节", "阳历新年", "公历新年")),
    E("new_years_eve", "New Year's Eve", "跨年夜", one(r.fixed(12, 31)),
      en=("new year's eve", "nye"), zh=("新年前夜", "元旦前夜", "跨年")),
    E("christmas", "Christmas", "圣诞节", one(r.fixed(12, 25)),
      en=("christmas day", "xmas", "x-mas", "christmas"), zh=("圣诞", "圣诞日")),
    E("christmas_eve", "Christmas Eve", "平安夜", one(r.fixed(12, 24)),
      en=("christmas eve", "xmas eve"), zh=("圣诞夜", "圣诞前夜", "圣诞节前夜")),
    E("boxing_day", "Boxing Day", "节礼日", one(r.fixed(12, 26)), en=("boxing day",)),
    E("valentines_day", "Valentine's Day", "情人节", one(r.fixed(2, 14)),
      en=("valentine's day", "valentine's", "saint valentine's day", "st. valentine's day"),
      zh=("西方情人节", "圣瓦伦丁节", "瓦伦丁节")),
    E("groundhog_day", "Groundhog Day", "土拨鼠日", one(r.fixed(2, 2)),
      en=("groundhog's day", "groundhog day")),
    E("lincolns_birthday", "Lincoln's Birthday", "林肯诞辰", one(r.fixed(2, 12)),
      en=("lincoln's birthday", "abraham lincoln's birthday")),
    E("st_patricks_day", "St Patrick's Day", "圣帕特里克节", one(r.fixed(3, 17)),
      en=("st. patrick's day", "saint patrick's day", "st. paddy's day", "saint paddy's day",
          "paddy's day")),
    E("april_fools_day", "April Fools' Day", "愚人节", one(r.fixed(4, 1)),
      en=("april fool's day", "april fool's"), zh=("万愚节",)),
    E("earth_day", "Earth Day", "世界地球日", one(r.fixed(4, 22)), zh=("地球日",)),
    E("siblings_day", "Siblings Day", "兄弟姐妹节", one(r.fixed(4, 10)),
      en=("sibling's day", "national sibling's day")),
    E("loyalty_day", "Loyalty Day", "效忠日", one(r.fixed(5, 1)), en=("law day", "lei day")),
    E("may_day", "International Workers' Day", "劳动节", one(r.fixed(5, 1)),
      en=("labour day", "may day", "international workers' day", "workers' day", "international labour day",
          "international labor day"),  # British spelling: May 1 as in most of the world
      zh=("五一劳动节", "五一国际劳动节", "国际劳动节", "五一节", "五一")),
    E("us_independence_day", "Independence Day", "美国独立日", one(r.fixed(7, 4)),  # US reading
      en=("independence day", "fourth of july", "4th of july", "july 4th"), zh=("美国国庆日",)),
    E("halloween", "Halloween", "万圣节", one(r.fixed(10, 31)),
      en=("hallowe'en", "all hallows' eve"), zh=("万圣节前夜", "万圣夜", "鬼节")),
    E("all_saints_day", "All Saints' Day", "诸圣节", one(r.fixed(11, 1)),
      en=("all saints' day", "all hallows"), zh=("万圣节正日",)),
    E("world_vegan_day", "World Vegan Day", "世界素食日", one(r.fixed(11, 1))),
    E("guy_fawkes_day", "Guy Fawkes Day", "盖伊·福克斯之夜", one(r.fixed(11, 5)),
      en=("guy fawkes night", "bonfire night")),
    E("veterans_day", "Veterans Day", "美国退伍军人节", one(r.fixed(11, 11)),
      en=("veteran's day", "armistice day")),
    E("remembrance_day", "Remembrance Day", "和平纪念日", one(r.fixed(11, 11)), en=("poppy day",)),
    E("shivaji_jayanti", "Shivaji Jayanti", "希瓦吉诞辰", one(r.fixed(2, 19)),
      en=("chhatrapati shivaji maharaj jayanti",)),
    # --- US, UK and Commonwealth rules ---------------------------------------------------------
    E("mlk_day", "Martin Luther King's Day", "马丁·路德·金纪念日", one(r.nth_weekday(1, MON, 3)),
      en=("martin luther king's day", "martin luther king jr. day", "martin luther king day",
          "mlk day", "mlk jr. day", "mlk jr day", "civil rights day"), zh=("马丁路德金纪念日",)),
    E("presidents_day", "President's Day", "总统日", one(r.nth_weekday(2, MON, 3)),
      en=("president's day", "washington's birthday", "george washington day",
          "george washington's birthday", "daisy gatson bates day"), zh=("华盛顿诞辰纪念日",)),
    E("daylight_saving_start", "Daylight Saving Start Day", "夏令时开始日", one(r.us_dst_start),
      en=("daylight saving start day", "daylight saving start", "daylight savings start day",
          "daylight savings start", "daylight saving time start")),
    E("daylight_saving_end", "Daylight Saving End Day", "夏令时结束日", one(r.us_dst_end),
      en=("daylight saving end day", "daylight saving end", "daylight savings end day",
          "daylight savings end", "daylight saving time end")),
    E("super_tuesday", "Super Tuesday", "超级星期二",  # US presidential primaries, election years
      one(_super_tuesday),
      en=("super tuesday",)),
    E("tsunami_tuesday", "Tsunami Tuesday", "海啸星期二", one(_tsunami_tuesday),
      en=("super duper tuesday", "giga tuesday", "mega giga tuesday")),
    E("mini_tuesday", "Mini-Tuesday", "迷你星期二", one(_mini_tuesday), en=("mini tuesday",)),
    E("emancipation_day", "Emancipation Day", "解放日", one(r.dc_emancipation_day),  # Washington DC
      en=("dc emancipation day",)),
    E("tax_day", "Tax Day", "报税日", one(r.us_tax_day), en=("tax day", "us tax day")),
    E("admin_day", "Administrative Professionals' Day", "行政专业人员日",
      one(r.nth_weekday(4, SAT, -1, shift=-3)),  # Wednesday of the last full week of April
      en=("administrative professional's day", "admin day", "admin's day", "secretaries' day",
          "secretary's day")),
    E("mothers_day", "Mother's Day", "母亲节", one(_mothers_day), en=("mum's day", "mom's day")),
    E("mothering_sunday", "Mothering Sunday", "英国母亲节", one(r.easter(-21)),
      en=("mothering sunday", "uk mother's day", "british mother's day")),
    E("military_spouse_day", "Military Spouse Day", "军人配偶日", one(r.shifted(_mothers_day, -2))),
    E("ems_week", "Emergency Medical Services Week", "紧急医疗服务周", one(_ems_week, 7),
      en=("ems week", "emergency medical services week")),
    E("emsc_day", "Emergency Medical Services for Children Day", "儿童紧急医疗服务日",
      one(r.shifted(_ems_week, 3)), en=("emsc day",)),
    E("memorial_day", "Memorial Day", "阵亡将士纪念日", one(r.nth_weekday(5, MON, -1)),
      en=("decoration day",), zh=("美国阵亡将士纪念日",)),
    E("memorial_day_weekend", "Memorial Day weekend", "阵亡将士纪念日周末",
      r.long_weekend(r.nth_weekday(5, MON, -1)), en=("memorial day week-end", "memorial day long week-end")),
    E("fathers_day", "Father's Day", "父亲节", one(r.nth_weekday(6, SUN, 3)), en=("dad's day",)),
    E("juneteenth", "Juneteenth", "六月节", one(r.fixed(6, 19)), en=("juneteenth national independence day",)),
    E("labor_day", "Labor Day", "美国劳动节", one(_labor_day),  # US spelling: US and Canada reading
      en=("us labor day", "canadian labour day")),
    E("labor_day_weekend", "Labor Day weekend", "劳动节周末", r.long_weekend(_labor_day),
      en=("labor day week-end", "labour day week-end", "labor day long week-end", "labour day long week-end")),
    E("grandparents_day", "National Grandparents Day", "祖父母节", one(r.shifted(_labor_day, 6)),
      en=("grandparents day", "grandparent's day")),
    E("columbus_day", "Columbus Day", "哥伦布日", one(r.nth_weekday(10, MON, 2)),
      en=("indigenous peoples' day",)),
    E("bosses_day", "Boss's Day", "老板节", one(r.observed_weekday(10, 16)),
      en=("boss's day", "bosses day", "national boss day")),
    E("thanksgiving", "Thanksgiving Day", "感恩节", one(_thanksgiving),  # US reading
      en=("thanksgiving", "thanksgiving day", "turkey day"), zh=("美国感恩节",)),
    E("black_friday", "Black Friday", "黑色星期五", one(r.shifted(_thanksgiving, 1))),
    E("cyber_monday", "Cyber Monday", "网络星期一", one(r.shifted(_thanksgiving, 4))),
    E("earth_hour", "Earth Hour", "地球一小时", r.clock(r.earth_hour_day, time(20, 30), time(21, 30))),
    E("canada_day", "Canada Day", "加拿大国庆日", one(r.fixed(7, 1)), en=("dominion day",)),
    E("victoria_day", "Victoria Day", "维多利亚日", one(r.weekday_on_or_after(5, 18, MON)),
      en=("sovereign's birthday",)),
    E("national_patriots_day", "National Patriots' Day", "国家爱国者日", one(r.weekday_on_or_after(5, 18, MON)),
      en=("national patriot's day", "patriots' day of quebec")),
    E("family_day", "Family Day", "家庭日", one(r.nth_weekday(2, MON, 3)),
      en=("islander day", "louis riel day", "nova scotia heritage day")),
    E("civic_holiday", "Civic Holiday", "公民假日", one(r.nth_weekday(8, MON, 1)),
      en=("british columbia day", "natal day", "new brunswick day", "saskatchewan day", "terry fox day",
          "simcoe day")),
    E("canadian_thanksgiving", "Canadian Thanksgiving", "加拿大感恩节", one(r.nth_weekday(10, MON, 2)),
      en=("canadian thanksgiving day", "thanksgiving in canada")),
    E("discovery_day", "Discovery Day", "发现日", one(r.nearest_weekday(6, 24, MON))),  # Newfoundland
    E("vimy_ridge_day", "Vimy Ridge Day", "维米岭纪念日", one(r.fixed(4, 9))),
    E("the_twelfth", "The Twelfth", "奥兰治节", one(r.fixed(7, 12)),
      en=("the glorious twelfth", "orangemen's day", "orangeman's day")),
    E("early_may_bank_holiday", "Early May Bank Holiday", "五月初银行假日", one(r.nth_weekday(5, MON, 1))),
    E("spring_bank_holiday", "Spring Bank Holiday", "春季银行假日", one(r.nth_weekday(5, MON, -1)),
      en=("late may bank holiday", "whitsun bank holiday")),
    E("summer_bank_holiday", "August Bank Holiday", "夏季银行假日", one(r.nth_weekday(8, MON, -1)),
      en=("august bank holiday", "summer bank holiday", "late summer bank holiday")),
    E("burns_night", "Burns Night", "彭斯之夜", one(r.fixed(1, 25)), en=("burns supper",)),
    E("st_georges_day", "St George's Day", "圣乔治节", one(r.fixed(4, 23)), en=("saint george's day",)),
    E("st_davids_day", "St David's Day", "圣大卫节", one(r.fixed(3, 1)), en=("saint david's day",)),
    E("st_andrews_day", "St Andrew's Day", "圣安德鲁节", one(r.fixed(11, 30)), en=("saint andrew's day",)),
    E("remembrance_sunday", "Remembrance Sunday", "阵亡将士纪念星期日", one(r.nth_weekday(11, SUN, 2))),
    E("australia_day", "Australia Day", "澳大利亚国庆日", one(r.fixed(1, 26))),
    E("anzac_day", "ANZAC Day", "澳新军团日", one(r.fixed(4, 25))),
    E("reconciliation_day", "Reconciliation Day", "和解日", one(r.weekday_on_or_after(5, 27, MON))),  # ACT
    E("melbourne_cup", "Melbourne Cup Day", "墨尔本杯日", one(r.nth_weekday(11, TUE, 1)),
      en=("melbourne cup",)),
    E("royal_hobart_regatta", "Royal Hobart Regatta", "皇家霍巴特帆船赛",
      r.period(r.nth_weekday(2, MON, 2, shift=-2), r.nth_weekday(2, MON, 2, shift=1)),
      en=("hobart regatta",)),
    E("ekka", "Royal Queensland Show", "昆士兰皇家展",  # ten days around the Wednesday in Aug 10-16
      r.period(r.weekday_on_or_after(8, 10, WED, shift=-5), r.weekday_on_or_after(8, 10, WED, shift=5)),
      en=("ekka", "royal national agricultural show", "royal queensland show")),
    E("ekka_day", "Royal Queensland Show Day", "昆士兰皇家展日", one(r.weekday_on_or_after(8, 10, WED)),
      en=("ekka day", "rna show day", "ekka people's day", "royal queensland show day")),
    E("naidoc_week", "NAIDOC Week", "澳大利亚原住民周", one(r.nth_weekday(7, SUN, 1), 8)),
    E("national_arbor_week", "National Arbor Week", "全国植树周", one(r.fixed(9, 1), 7)),  # South Africa
    E("day_of_reconciliation", "Day of Reconciliation", "南非和解日", one(r.fixed(12, 16)),
      en=("day of the vow", "day of the covenant")),
    E("kruger_day", "Kruger Day", "克鲁格日", one(r.fixed(10, 10))),
    E("heroes_day", "Heroes' Day", "民族英雄日", one(r.nth_weekday(10, MON, 3)),  # Jamaica
      en=("national heroes day of jamaica",)),
    E("national_heroes_day", "National Heroes' Day", "菲律宾民族英雄日", one(r.nth_weekday(8, MON, -1))),
    E("rizal_day", "Rizal Day", "黎刹日", one(r.fixed(12, 30))),
    E("garifuna_settlement_day", "Garifuna Settlement Day", "加里富纳定居日", one(r.fixed(11, 19))),
    E("indian_arrival_day", "Indian Arrival Day", "印度人抵达日", one(r.fixed(5, 30))),
    E("indian_independence_day", "Indian Independence Day", "印度独立日", one(r.fixed(8, 15)),
      en=("independence day of india",)),
    E("kings_day", "King's Day", "国王节", one(r.kings_day), en=("koningsdag",)),
    E("parsi_new_year", "Parsi New Year", "帕西新年", one(r.shahenshahi_new_year),
      en=("jamshedi navroz", "navroz", "nowruz of the parsis")),
)
