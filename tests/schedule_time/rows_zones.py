"""Zones by name (README "Zones by name"): "3pm London time", "9am PT", 伦敦时间下午三点, 紐約時間 — the clock
is read in that IANA zone (daylight saving on the date in question) and converted to the caller's zone.
Nows: ``table.NOWS`` ("tue": Tuesday 1 December 2026 10:00 Shanghai)."""

from __future__ import annotations

from .table import Row

R = Row

ROWS: list[Row] = [
    R('8am Chicago time', 'tue', '2026-12-01T22:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('3pm London time', 'tue', '2026-12-01T23:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('3pm London time', 'ny_spring', '2026-03-08T11:00', 'London still on GMT, New York already on EDT (8 March): 4 hours apart, not 5'),
    R('9am PT', 'tue', '2026-12-02T01:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('9am PT', 'ny_spring', '2026-03-08T12:00', 'PT = America/Los_Angeles: 09:00 PDT on its first summer-time day = 12:00 EDT'),
    R('10am ET', 'lon_spring', '2026-03-29T15:00', 'ET = America/New_York (EDT since 8 March); London on BST since 01:00: 15:00'),
    R('noon Paris time', 'tue', '2026-12-01T19:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('tomorrow 9am Tokyo time', 'tue', '2026-12-02T08:00', "tomorrow on Tokyo's calendar (2 December), 09:00 JST = 08:00 Shanghai"),
    R('4pm Sydney time', 'tue', '2026-12-01T13:00', 'AEDT (+11) in December'),
    R('9:30 New York time', 'tue', '2026-12-01T22:30', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('5pm Berlin time', 'lon_fall', '2026-10-25T16:00', 'both zones back on winter time by 17:00 on 25 October: 1 hour apart'),
    R('11am Pacific time', 'tue', '2026-12-02T03:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('2pm Eastern time', 'month_end', '2026-01-31T14:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('8pm Singapore time', 'dec31', '2027-01-01T12:00', 'Singapore is already on 1 January: its next 20:00 is 12:00 GMT'),
    R('3pm Hong Kong time', 'tue', '2026-12-01T15:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('7pm Dubai time', 'tue', '2026-12-01T23:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('10am Moscow time', 'tue', '2026-12-01T15:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('6pm India time', 'tue', '2026-12-01T20:30', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('9am Seattle time', 'tue', '2026-12-02T01:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('10am Toronto time', 'tue', '2026-12-01T23:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('8am Auckland time', 'tue', '2026-12-02T03:00', 'NZDT (+13) in December'),
    R('伦敦时间下午三点', 'tue', '2026-12-01T23:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('倫敦時間下午三點', 'tue', '2026-12-01T23:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('纽约时间上午十点', 'ny_spring', '2026-03-08T10:00', 'the caller is in New York: its own 10:00 EDT'),
    R('紐約時間上午十點', 'tue', '2026-12-01T23:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('美西时间明天上午9点', 'tue', '2026-12-02T01:00', '美西 = America/Los_Angeles: its tomorrow (1 December there) 09:00 PST = 01:00 on 2 December in Shanghai'),
    R('美西時間早上9點', 'tue', '2026-12-02T01:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('美东时间晚上8点', 'tue', '2026-12-02T09:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('巴黎时间中午12点', 'tue', '2026-12-01T19:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('芝加哥时间上午8点', 'tue', '2026-12-01T22:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('洛杉矶时间下午两点', 'tue', '2026-12-02T06:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('洛杉磯時間下午兩點', 'tue', '2026-12-02T06:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('悉尼时间早上七点', 'tue', '2026-12-02T04:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('雪梨時間早上七點', 'tue', '2026-12-02T04:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('温哥华时间上午十点', 'tue', '2026-12-02T02:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('柏林时间下午四点', 'lon_spring', '2026-03-29T15:00', 'Berlin CEST, London BST (both switched on 29 March): 15:00 London'),
    R('東京時間下午三點', 'tue', '2026-12-01T14:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('迪拜时间上午九点', 'tue', '2026-12-01T13:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('莫斯科时间下午一点', 'tue', '2026-12-01T18:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('多伦多时间上午九点', 'tue', '2026-12-01T22:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('旧金山时间上午十点', 'tue', '2026-12-02T02:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('太平洋时间下午3点', 'tue', '2026-12-02T07:00', "read on that place's clock (IANA zone, winter offset), converted to the caller's zone"),
    R('Paris time', 'tue', 'unresolved', 'a zone alone names no time'),
]

# US regions without "time", right after a clock and before no other word than a joining one
ROWS += [
    R('9am Pacific', 'tue', '2026-12-02T01:00', 'Pacific = America/Los_Angeles (PST): 09:00 PST = 01:00 Shanghai next day'),
    R('3pm Eastern on Friday', 'tue', '2026-12-05T04:00', 'Friday 15:00 EST = Saturday 04:00 Shanghai'),
    R('10:30 mountain', 'month_end', '2026-01-31T12:30', 'Mountain = America/Denver (MST), two hours behind New York'),
    R('noon central', 'month_end', '2026-01-31T13:00', 'after noon too: 12:00 CST = 13:00 EST'),
    R('9am Pacific', 'ny_spring', '2026-03-08T12:00', 'PDT from the first summer-time day, as PT'),
    R('5pm Central Station', 'tue', 'unresolved', 'a place name after the region: no zone'),
]
