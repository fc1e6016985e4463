import FootfallVocabulary
import Testing

/// The calendar arithmetic local days and recordings' times share: known dates, both ways.
struct CivilCalendarTests {
    @Test(arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
        (2026, 11, 22, 20_779), (1900, 3, 1, -25_508), (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896),
    ])
    func knownDates(year: Int, month: Int, day: Int, days: Int) {
        #expect(CivilCalendar.daysSince1970(year: year, month: month, day: day) == days)
        #expect(CivilCalendar.date(daysSince1970: days) == (year, month, day))
    }

    @Test func everyDayOfFourHundredYearsGoesBothWays() {
        // One whole era (leap rules of 4, 100 and 400 years), from before 1970 to after.
        let wrong = (-73_048...73_048).filter { days in
            let date = CivilCalendar.date(daysSince1970: days)
            return CivilCalendar.daysSince1970(year: date.year, month: date.month, day: date.day) != days
        }
        #expect(wrong.isEmpty, "first: \(wrong.prefix(3))")
        #expect(CivilCalendar.date(daysSince1970: -73_048) == (1770, 1, 1))
        #expect(CivilCalendar.date(daysSince1970: 73_048) == (2169, 12, 31))
    }

    @Test func aDayPastItsMonthsEndCountsOnIntoTheNext() {
        #expect(CivilCalendar.daysSince1970(year: 2026, month: 2, day: 29) == CivilCalendar.daysSince1970(year: 2026, month: 3, day: 1))
    }
}
