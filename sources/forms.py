from django import forms


class HookForm(forms.Form):
    url = forms.URLField(max_length=1000, assume_scheme="https", label="URL",
                         help_text="flips are POSTed here as JSON, signed (Standard Webhooks)")
    question = forms.ChoiceField(required=False, label="Only this question")
    actor = forms.ChoiceField(required=False, label="Only this actor")
    confirm = forms.IntegerField(required=False, min_value=1, max_value=99, label="Rule N",
                                 help_text="empty: the story's")

    def __init__(self, *args, story, **kwargs):
        super().__init__(*args, **kwargs)
        self.story = story
        self.fields["question"].choices = [("", "all")] + [(q.key, q.text) for q in story.questions.all()]
        self.fields["actor"].choices = [("", "all")] + [(a.key, a.name) for a in story.actors.all()]
