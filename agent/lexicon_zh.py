"""The Chinese words of the claim grammar (``agent.checks.claims_zh`` composes them): write verbs, completion markers,
and the words that scope a verb out of a claim. Simplified only: text is compared after
``agent.language.simplified`` (OpenCC) writes traditional characters simplified, so one lexicon serves both scripts.
"""

from __future__ import annotations

from agent.lexicon_en import Kind

# Two-character (or longer) verbs: (kind, loose). Loose: the verb names a result (saved, recorded, synced,
# confirmed) that a write of any kind backs.
VERBS: dict[str, tuple[Kind, bool]] = {
    **dict.fromkeys(
        (
            "创建",
            "新建",
            "建立",
            "建好",
            "新增",
            "添加",
            "加入",
            "加上",
            "加到",
            "加进",
            "加好",
            "安排",
            "排上",
            "排进",
            "排到",
            "排好",
            "排在",
            "预约",
            "预订",
            "预定",
            "订好",
            "定好",
            "约好",
            "约上",
            "约在",
            "放进",
            "放到",
            "放入",
            "录入",
            "写入",
            "导入",
            "导进",
        ),
        ("create", False),
    ),
    **dict.fromkeys(
        (
            "保存",
            "存好",
            "存入",
            "存到",
            "记下",
            "记上",
            "记到",
            "记好",
            "记在",
            "记录",
            "记住",
            "登记",
            "同步",
            "设置",
            "设好",
            "设定",
            "确认",
        ),
        ("create", True),
    ),
    **dict.fromkeys(
        (
            "重新安排",
            "更新",
            "修改",
            "改期",
            "更改",
            "变更",
            "调整",
            "推迟",
            "推后",
            "推到",
            "延后",
            "延期",
            "延迟",
            "提前",
            "移动",
            "改动",
            "挪动",
            "重命名",
            "改为",
            "改成",
            "改到",
            "改至",
            "改在",
            "挪到",
            "挪至",
            "移到",
            "移至",
            "调到",
            "调至",
        ),
        ("update", False),
    ),
    **dict.fromkeys(
        ("取消", "删除", "删掉", "删去", "移除", "清除", "清掉", "清空", "去掉", "撤掉", "去除"),
        ("delete", False),
    ),
    **dict.fromkeys(("搞定", "办好", "弄好", "处理好", "办妥", "完成", "完毕"), ("any", True)),
}

# One-character verbs count only with a result complement or 了 right after ("改好了", "删了", "挪了"),
# and not inside the words in brackets (参加, 确定, 忘记, 存在 …).
SINGLE: dict[str, tuple[Kind, str]] = {
    "加": ("create", "参增更追附施"),
    "排": ("create", "安编"),
    "约": ("create", "大预节制"),
    "定": ("create", "确决一肯规固稳指约制否预设"),
    "记": ("create", "忘日笔登标"),
    "存": ("create", "保"),
    "改": ("update", "修更"),
    "挪": ("update", ""),
    "移": ("update", ""),
    "调": ("update", "强协空单音声步"),
    "删": ("delete", ""),
    "清": ("delete", ""),
}
COMPLEMENTS = "了好上下进到掉完成为在至走去入啦"

POLITE = "为您|为你|帮你|帮您|给你|给您|替你|替您|帮|为"
DONE_PARTICLES = "了|啦|喽|咯|啰|嘞"
NEGATIONS = r"没有|没|未|不|别|无法|无|尚未|并未|从未|非"
FAILED_AFTER = r"^[^，。！？]{0,2}(?:失败|没有成功|没成功|未成功|不成功|不了|不到|未果)"
MODALS = (
    r"(?<![开例周晨年聚约工散晚早午大小酒茶舞机社学协误体理领的站班碰董股讨研庙])会(?=[帮为给把替在被自马立删取改添加创新安更修调移清记保同提推延挪预登设放存再先])|"
    r"将|要(?!求)|想|可以|能|我来|来帮|来给|来为|来把|我去|去把|去帮|这就|马上|立刻|立即|现在就|正在|准备|打算|"
    r"需要|请|让我|等|再|如果|要是|的话|若|假如|一旦|之后|以后|待会|稍后"
)
QUESTION = r"吗|么|嘛|？|\?|几|哪|什么|多少|是否|要不要|是不是|呢"
INTERJECTIONS = r"没问题|不客气|不错|没事|不用谢|别客气"
NOMINAL_BEFORE = "有个些的种项次份"  # "已经有安排了": 安排 is a noun
AFTER_CONDITION = r"^[好完]?(?:后|之后|以后|的话|时(?![间候段]))"
CONDITIONS = r"^(?:如果|要是|一旦|假如|若是|等你|等到)|(?:之后|以后|确认后|完成后|好后|的话)(?![了啦])"
CALENDAR = r"日历|日程|行程|行事历|日程表"
EXISTING = r"本来|原本|早就|早已|一直"

# Actions kairos has no tool for (``exit_check.promises_unkeepable``): reminding or alerting the user, reaching
# other people. A promise is one of these after a future or helping word ("我会在明天两点提醒你", "到时候我叫你",
# "我帮你通知他"); a noun use ("把提醒设好了", "设置通知", "的提醒": a reminder event) is not.
UNKEEPABLE = (
    r"提醒|通知|告诉|告知|转告|知会|叫醒|叫你|叫您|喊你|喊您|催你|催您|打电话|打个电话|打给|回电|发消息|发个消息|"
    r"发短信|发信息|发邮件|发微信|发通知|发提醒|联系|联络|推送|提示你|提示您"
)
UNKEEPABLE_BEFORE = (
    r"我会|我将|我这就|我马上|我稍后|我到时|我来|我去|我帮你|我帮您|我替你|我替您|我给你|我给您|我为你|我为您|"
    r"我一定|到时候|到时|届时|到点|稍后|回头|帮你|帮您|替你|替您|给你|给您|为你|为您|会准时|会按时|会及时|我再"
)
UNKEEPABLE_NOUN_BEFORE = "把将个的条项置加好设到"
"""A character right before the verb that makes it a noun: 把提醒, 一个提醒, 的通知, 设置通知."""
UNKEEPABLE_BARE = r"我(?:叫醒|喊醒|打电话给|打给|发短信给|发消息给|发信息给)"
"""What a reply cannot be doing as it speaks, so "我" alone promises it: "明早八点我叫醒你"."""
UNKEEPABLE_RECEIVED = r"你会收到|您会收到|你将收到|您将收到|你会接到|您会接到"
OFFER = r"可以|能|可|要不要|需不需要|是否"
"""An offer, not a promise ("我可以帮你通知他"): the user's answer decides."""
USER_CONDITION = r"(?:如果|要是|假如|若是?|等|如需)[你您]|[你您][^，。！？]{0,8}的话|需要的话|如需|想的话|愿意的话|如果需要"

# 回复里"这段时间什么都没有"的说法（"周五没有任何安排"、"日程是空的"）：与读到的日程核对（``checks.read_facts``）。
NOTHING_ON = (
    r"(?:没有|沒有|无|無)(?:任何)?(?:其他|其它)?(?:的)?(?:安排|日程|会议|會議|活动|活動|事情|事|行程|预约|預約)"
    r"|(?:日程|日历|日曆|行程|安排)(?:是|都是)?(?:空的|空白|为空|為空)|全天(?:都)?(?:空闲|空閒|有空)"
)

# 指回某个日程的说法（"它"、"这个"、"刚才那个"、"第二个"、"最后一个"）：见 lexicon_en.POINTER_WORDS。
POINTER_WORDS = (
    r"它|这个|這個|那个|那個|这次|這次|那次|刚才那|剛才那|上面那|第[一二三四五六七八九十\d]"
    r"|最[后後]一[个個项項件条條]"
)
POINTER_REFERENCE = (
    r"^(?:刚才|剛才|刚刚|剛剛|上面)?(?:的)?(?:这|這|那)?(?:个|個|一个|一個)?"
    r"(?:会|會|会议|會議|日程|活动|活動|安排|事|预约|預約)?$|^它$"
)
POINTER_DEMONSTRATIVE = r"[这這那它]|刚才|剛才|刚刚|剛剛"
"""The optional parts of ``POINTER_REFERENCE`` alone would match a bare title ("会"): one of these must be there."""
