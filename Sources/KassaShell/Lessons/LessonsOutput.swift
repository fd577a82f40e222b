// LessonsOutput: what `:lessons` / `kassa lessons` show — the category choices kassa remembers
// for words, numbered as `forget N` takes them. Text: `  1.  “phrase”  → Category (slug)`;
// JSON: {"event": "lessons", "lessons": [{"phrase", "category"}]}.

import KassaCore
import KassaStore

struct LessonsOutput: CommandOutput {
    let lessons: [Lesson]

    func textLines(_ renderer: TextRenderer) -> [String] {
        if lessons.isEmpty { return [renderer.catalog.text("lessons.empty")] }
        let width = lessons.map { DisplayWidth.of(renderer.shown($0.phrase)) }.max() ?? 4
        return lessons.enumerated().map { index, lesson in
            "  " + DisplayWidth.padRight("\(index + 1).", to: 4) + DisplayWidth.padRight("“" + renderer.shown(lesson.phrase) + "”", to: width + 2)
                + "  → " + renderer.categoryName(lesson.category)
        }
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "lessons")
        json.add("lessons", raw: JSONWriter.array(lessons.map { lesson in
            var item = JSONWriter()
            item.add("phrase", lesson.phrase)
            item.add("category", lesson.category)
            return item.result
        }))
        return [json]
    }
}
