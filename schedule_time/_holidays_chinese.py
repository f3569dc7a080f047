"""Chinese festivals (lunar and solar-term dates) and mainland/HK/Macau/Taiwan civil days.

Lunar dates come from ``lunardate``; Qingming from python-holidays' solar-term approximation.
Names are simplified; traditional forms are matched through the character map in
:mod:`schedule_time.holidays`. "十一" and "五一" are matched only when they stand alone (see
the guards there), so "十一点" and "周五一起" are not holidays.
"""

from __future__ import annotations

from schedule_time import _holiday_rules as r
from schedule_time._holiday_rules import E, Entry

one = r.days

ENTRIES: tuple[Entry, ...] = (
    E("spring_festival", "Chinese New Year", "春节", one(r.lunar(1, 1)),
      en=("chinese new year's", "chinese new year's day", "chinese lunar new year's",
          "chinese lunar new year's day", "lunar new year's", "lunar new year's day", "spring festival"),
      zh=("农历新年", "阴历新年", "旧历新年", "大年初一", "正月初一", "新春", "过年", "春节",
          "正月正时", "正月朔日", "农历正月初一")),
    E("chinese_new_years_eve", "Chinese New Year's Eve", "除夕", one(r.lunar_new_years_eve),
      en=("chinese new year's eve", "lunar new year's eve"),
      zh=("大年夜", "大年三十", "年三十", "除夕夜", "年夜")),
    E("lantern_festival", "Lantern Festival", "元宵节", one(r.lunar(1, 15)),
      en=("yuanxiao festival", "shangyuan festival"), zh=("元宵", "上元节", "正月十五")),
    E("qingming", "Qingming Festival", "清明节", one(r.qingming),
      en=("qingming", "ching ming festival", "tomb-sweeping day", "tomb sweeping festival"),
      zh=("清明",)),
    E("cold_food_day", "Cold Food Festival", "寒食节", one(r.shifted(r.qingming, -1)),
      en=("cold food festival", "hanshi festival"), zh=("寒食",)),
    E("dragon_head_raising", "Dragon Head Raising Day", "龙抬头", one(r.lunar(2, 2)),
      en=("dragon head raising festival",), zh=("二月二", "春龙节")),
    E("dragon_boat", "Dragon Boat Festival", "端午节", one(r.lunar(5, 5)),
      en=("duanwu festival", "tuen ng festival"), zh=("端午", "端阳节", "五月初五")),
    E("qixi", "Qixi Festival", "七夕", one(r.lunar(7, 7)),
      en=("qixi", "double seventh festival", "chinese valentine's day"),
      zh=("七夕节", "乞巧节", "中国情人节", "七月初七")),
    E("ghost_festival", "Ghost Festival", "中元节", one(r.lunar(7, 15)),
      en=("hungry ghost festival", "zhongyuan festival"), zh=("盂兰盆节", "七月半")),
    E("mid_autumn", "Mid-Autumn Festival", "中秋节", one(r.lunar(8, 15)),
      en=("mid-autumn", "moon festival", "mooncake festival"), zh=("中秋", "八月十五", "团圆节")),
    E("double_ninth", "Double Ninth Festival", "重阳节", one(r.lunar(9, 9)),
      en=("chongyang festival", "double yang festival"), zh=("重阳", "重九节", "九月初九")),
    E("winter_solstice", "Winter Solstice Festival", "冬至", one(r.winter_solstice),
      en=("dongzhi", "dongzhi festival", "winter solstice"), zh=("冬至节", "冬节")),
    E("laba", "Laba Festival", "腊八节", one(r.lunar(12, 8)), en=("laba",), zh=("腊八",)),
    E("buddhas_birthday", "Buddha's Birthday", "佛诞", one(r.lunar(4, 8)),
      en=("buddha's birthday",), zh=("佛诞节", "浴佛节", "佛诞日")),
    E("little_new_year", "Little New Year", "小年", one(r.lunar(12, 23)),  # northern convention
      en=("xiaonian", "kitchen god festival"), zh=("北方小年", "祭灶节")),
    # --- mainland civil days ------------------------------------------------------------------
    E("national_day", "National Day", "国庆节", one(r.fixed(10, 1)),
      en=("chinese national day", "national day of china"), zh=("国庆", "十一国庆", "国庆日", "十一")),
    E("national_day_golden_week", "National Day Golden Week", "国庆黄金周",  # nominal Oct 1-7
      one(r.fixed(10, 1), 7),
      en=("chinese golden week", "october golden week"), zh=("国庆假期", "国庆长假", "国庆节假期", "十一长假", "十一假期", "十一黄金周")),
    E("womens_day", "International Women's Day", "妇女节", one(r.fixed(3, 8)),
      en=("women's day", "international women's day"), zh=("三八妇女节", "国际妇女节", "三八节", "女神节")),
    E("arbor_day", "Arbor Day", "植树节", one(r.fixed(3, 12)), en=("tree planting day",),
      zh=("中国植树节",)),
    E("consumer_rights_day", "World Consumer Rights Day", "国际消费者权益日", one(r.fixed(3, 15)),
      en=("consumer rights day",), zh=("消费者权益日", "三一五", "315晚会")),
    E("youth_day", "Youth Day", "青年节", one(r.fixed(5, 4)), en=("chinese youth day",),
      zh=("五四青年节", "五四")),
    E("nurses_day", "International Nurses Day", "护士节", one(r.fixed(5, 12)),
      en=("nurses day", "nurse's day"), zh=("国际护士节",)),
    E("childrens_day", "Children's Day", "儿童节", one(r.fixed(6, 1)),
      en=("children's day", "international children's day"), zh=("六一儿童节", "国际儿童节", "六一")),
    E("party_founding_day", "CPC Founding Day", "建党节", one(r.fixed(7, 1)), zh=("七一建党节",)),
    E("hk_handover_day", "HKSAR Establishment Day", "香港回归纪念日", one(r.fixed(7, 1)),
      en=("hong kong handover day", "hksar establishment day"), zh=("香港特别行政区成立纪念日",)),
    E("army_day", "Army Day", "建军节", one(r.fixed(8, 1)), en=("pla day",), zh=("八一建军节",)),
    E("teachers_day", "Teachers' Day", "教师节", one(r.fixed(9, 10)),
      en=("teacher's day",), zh=("中国教师节",)),
    E("macau_handover_day", "Macau SAR Establishment Day", "澳门回归纪念日", one(r.fixed(12, 20)),
      en=("macau handover day",), zh=("澳门特别行政区成立纪念日", "澳门回归日")),
    E("journalists_day", "Journalists' Day", "记者节", one(r.fixed(11, 8)), en=("chinese journalists' day",)),
    E("nanjing_memorial_day", "National Memorial Day for Nanjing Massacre Victims", "国家公祭日",
      one(r.fixed(12, 13)), en=("nanjing massacre memorial day",), zh=("南京大屠杀死难者国家公祭日",)),
    E("white_day", "White Day", "白色情人节", one(r.fixed(3, 14))),
    E("singles_day", "Singles' Day", "光棍节", one(r.fixed(11, 11)), en=("singles day",), zh=("双十一", "双11")),
    E("double_twelve", "Double Twelve", "双十二", one(r.fixed(12, 12)), zh=("双12",)),
    E("roc_national_day", "Double Tenth Day", "双十节", one(r.fixed(10, 10)),
      en=("double ten day", "double tenth day"), zh=("双十国庆",)),
)
